//! Policy documents in IAM's JSON grammar, as AWS services take them (`--policy`,
//! `--policy-document`, `--assume-role-policy-document`, a queue's `Policy` attribute…): which
//! statements open a resource to everyone, grant every action, shut everyone out of a key, or
//! let every user of a shared identity provider (GitHub Actions) take a role.

use serde_json::Value;

/// A policy document's statements.
pub struct Policy {
    statements: Vec<Value>,
}

/// Condition keys that do not narrow who may act: transport, time, region, and headers the
/// caller writes itself (`aws:Referer` and `aws:UserAgent` are spoofable, as AWS warns).
const NOT_NARROWING_KEYS: &[&str] = &[
    "aws:securetransport",
    "aws:currenttime",
    "aws:epochtime",
    "aws:requestedregion",
    "aws:referer",
    "aws:useragent",
    "s3:tlsversion",
    "s3:signatureversion",
    "s3:signatureage",
    "s3:authtype",
    "s3:x-amz-acl",
    "s3:x-amz-server-side-encryption",
];

impl Policy {
    /// The policy written in `text`, when it is a JSON document with statements.
    pub fn parse(text: &str) -> Option<Policy> {
        let policy: Value = serde_json::from_str(text.trim()).ok()?;
        let statements = match policy.get("Statement")? {
            Value::Array(statements) => statements.clone(),
            statement => vec![statement.clone()],
        };
        Some(Policy { statements })
    }

    /// Whether a statement allows anyone at all (`"Principal": "*"`, `{"AWS": "*"}`, or every
    /// principal but some through `NotPrincipal`) with no condition that narrows who.
    pub fn allows_everyone(&self) -> bool {
        self.statements
            .iter()
            .any(|statement| effect(statement, "Allow") && names_everyone(statement) && !narrowed(statement))
    }

    /// Whether a statement of an identity policy (one without a principal) allows every action,
    /// or every IAM action, on every resource: control of the whole account.
    pub fn allows_every_action(&self) -> bool {
        self.statements.iter().any(|statement| {
            let every_action = lists(statement.get("Action"), |action| {
                matches!(action.to_ascii_lowercase().as_str(), "*" | "*:*" | "iam:*")
            }) || statement
                .get("NotAction")
                // Every action but a few, IAM's among them, is the power user's grant, not the
                // administrator's.
                .is_some_and(|except| !lists(Some(except), |action| action.eq_ignore_ascii_case("iam:*")));
            let every_resource =
                lists(statement.get("Resource"), |resource| resource == "*") || statement.get("NotResource").is_some();
            effect(statement, "Allow")
                && statement.get("Principal").is_none()
                && statement.get("NotPrincipal").is_none()
                && every_action
                && every_resource
        })
    }

    /// Whether a statement denies everyone every action (`"Effect": "Deny"`, `"Principal": "*"`,
    /// `"Action": "*"` or `"kms:*"`) without any condition: no one may use or manage the
    /// resource again.
    pub fn denies_everyone_everything(&self) -> bool {
        self.statements.iter().any(|statement| {
            effect(statement, "Deny")
                && names_everyone(statement)
                && statement.get("Condition").is_none()
                && lists(statement.get("Action"), |action| {
                    matches!(action.to_ascii_lowercase().as_str(), "*" | "kms:*")
                })
        })
    }

    /// Whether some statement lets someone change the key's policy again (`kms:PutKeyPolicy`,
    /// `kms:*` or `*`).
    pub fn lets_someone_manage_the_key(&self) -> bool {
        self.statements.iter().any(|statement| {
            effect(statement, "Allow")
                && lists(statement.get("Action"), |action| {
                    matches!(
                        action.to_ascii_lowercase().as_str(),
                        "*" | "kms:*" | "kms:putkeypolicy" | "kms:put*"
                    )
                })
        })
    }

    /// Who could take the role when a statement trusts a shared identity provider (GitHub
    /// Actions, GitLab, Terraform Cloud) with no condition on the token's subject, or one that
    /// matches any subject (`repo:*`): the provider's host and who signs in through it.
    pub fn trusts_any_workload(&self) -> Option<(&'static str, &'static str)> {
        self.statements.iter().find_map(|statement| {
            let federated = statement
                .get("Principal")
                .and_then(|principal| principal.get("Federated"));
            let provider = SHARED_IDENTITY_PROVIDERS
                .iter()
                .find(|(host, _)| lists(federated, |principal| principal.ends_with(host)))?;
            (effect(statement, "Allow") && !names_the_subject(statement)).then_some(*provider)
        })
    }
}

/// Identity providers shared by everyone who uses the service, by host, with who signs in
/// through them: trusting one without naming the subject trusts all of them.
const SHARED_IDENTITY_PROVIDERS: &[(&str, &str)] = &[
    (
        "token.actions.githubusercontent.com",
        "the workflows of every GitHub repository",
    ),
    ("gitlab.com", "the pipelines of every GitLab.com project"),
    ("app.terraform.io", "the runs of every Terraform Cloud workspace"),
];

/// Whether a statement's condition narrows who may act with a key other than the token's
/// audience (the subject, a repository, a network), to a value that is not every subject.
fn names_the_subject(statement: &Value) -> bool {
    let Some(Value::Object(operators)) = statement.get("Condition") else {
        return false;
    };
    // `*`, `repo:*`, `project_path:*`: every subject of the provider.
    let any_subject = |text: &str| {
        let fixed = text.trim_end_matches('*');
        fixed.is_empty() || fixed.ends_with(':') && fixed.matches(':').count() == 1
    };
    operators
        .values()
        .filter_map(Value::as_object)
        .flat_map(|keys| keys.iter())
        .any(|(key, values)| {
            let key = key.to_ascii_lowercase();
            !key.ends_with(":aud")
                && !key.ends_with(":amr")
                && !NOT_NARROWING_KEYS.contains(&key.as_str())
                && !lists(Some(values), |value| any_subject(value))
        })
}

/// Whether `statement` has the effect `wanted` (`Allow`, `Deny`).
fn effect(statement: &Value, wanted: &str) -> bool {
    statement.get("Effect").and_then(Value::as_str) == Some(wanted)
}

/// Whether `value` is a string, or a list of strings, one of which `matches`.
fn lists(value: Option<&Value>, matches: impl Fn(&str) -> bool) -> bool {
    match value {
        Some(Value::String(text)) => matches(text),
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).any(matches),
        _ => false,
    }
}

/// Whether a statement's principal is everyone: `"*"`, `{"AWS": "*"}` (or a list holding it),
/// or a `NotPrincipal` (everyone but those named).
fn names_everyone(statement: &Value) -> bool {
    let principal = statement.get("Principal");
    let star = |text: &str| text == "*";
    statement.get("NotPrincipal").is_some()
        || lists(principal, star)
        || lists(principal.and_then(|principal| principal.get("AWS")), star)
}

/// Whether a statement's condition narrows who may act (an organization, an account, a network,
/// a source ARN…), rather than only how (`aws:SecureTransport`).
fn narrowed(statement: &Value) -> bool {
    let Some(Value::Object(operators)) = statement.get("Condition") else {
        return false;
    };
    operators
        .values()
        .filter_map(Value::as_object)
        .flat_map(|keys| keys.keys())
        .any(|key| !NOT_NARROWING_KEYS.contains(&key.to_ascii_lowercase().as_str()))
}

#[cfg(test)]
mod tests {
    use super::Policy;

    fn read(text: &str) -> Policy {
        Policy::parse(text).expect("a policy")
    }

    #[test]
    fn a_principal_of_everyone_without_a_narrowing_condition_is_public() {
        assert!(
            read(r#"{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject"}]}"#).allows_everyone()
        );
        assert!(
            read(r#"{"Statement":{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":"sqs:*"}}"#).allows_everyone()
        );
        assert!(
            read(r#"{"Statement":[{"Effect":"Allow","NotPrincipal":{"AWS":"arn:aws:iam::1:root"},"Action":"s3:*"}]}"#)
                .allows_everyone()
        );
        let transport_only = r#"{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject",
            "Condition":{"Bool":{"aws:SecureTransport":"true"}}}]}"#;
        assert!(read(transport_only).allows_everyone());
        let organization = r#"{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject",
            "Condition":{"StringEquals":{"aws:PrincipalOrgID":"o-1"}}}]}"#;
        assert!(!read(organization).allows_everyone());
        let account = r#"{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::123456789012:root"},"Action":"s3:*"}]}"#;
        assert!(!read(account).allows_everyone());
        assert!(!read(r#"{"Statement":[{"Effect":"Deny","Principal":"*","Action":"s3:*"}]}"#).allows_everyone());
    }

    #[test]
    fn every_action_on_every_resource_without_a_principal_is_an_administrator() {
        assert!(read(r#"{"Statement":[{"Effect":"Allow","Action":"*","Resource":"*"}]}"#).allows_every_action());
        assert!(
            read(r#"{"Statement":[{"Effect":"Allow","Action":["IAM:*"],"Resource":["*"]}]}"#).allows_every_action()
        );
        assert!(
            read(r#"{"Statement":[{"Effect":"Allow","NotAction":"s3:DeleteBucket","Resource":"*"}]}"#)
                .allows_every_action()
        );
        let power_user = r#"{"Statement":[{"Effect":"Allow","NotAction":["iam:*","organizations:*"],"Resource":"*"}]}"#;
        assert!(!read(power_user).allows_every_action());
        assert!(!read(r#"{"Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}"#).allows_every_action());
        assert!(
            !read(r#"{"Statement":[{"Effect":"Allow","Action":"*","Resource":"arn:aws:s3:::b/*"}]}"#)
                .allows_every_action()
        );
        let key_owner = r#"{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::1:root"},"Action":"*","Resource":"*"}]}"#;
        assert!(!read(key_owner).allows_every_action());
    }

    #[test]
    fn a_key_policy_denying_everyone_or_naming_no_manager_locks_the_key() {
        let deny = r#"{"Statement":[{"Effect":"Deny","Principal":"*","Action":"kms:*","Resource":"*"}]}"#;
        assert!(read(deny).denies_everyone_everything());
        let guarded = r#"{"Statement":[{"Effect":"Deny","Principal":"*","Action":"kms:*","Resource":"*",
            "Condition":{"StringNotEquals":{"aws:SourceVpce":"vpce-1"}}}]}"#;
        assert!(!read(guarded).denies_everyone_everything());
        let default = r#"{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::1:root"},"Action":"kms:*","Resource":"*"}]}"#;
        assert!(read(default).lets_someone_manage_the_key());
        let users_only = r#"{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::1:role/app"},"Action":"kms:Decrypt","Resource":"*"}]}"#;
        assert!(!read(users_only).lets_someone_manage_the_key());
    }

    #[test]
    fn a_shared_identity_provider_trusted_without_a_subject_trusts_everyone_using_it() {
        let trust = |condition: &str| {
            format!(
                r#"{{"Statement":[{{"Effect":"Allow","Principal":{{"Federated":"arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com"}},"Action":"sts:AssumeRoleWithWebIdentity"{condition}}}]}}"#
            )
        };
        assert!(read(&trust("")).trusts_any_workload().is_some());
        let audience =
            r#","Condition":{"StringEquals":{"token.actions.githubusercontent.com:aud":"sts.amazonaws.com"}}"#;
        assert!(read(&trust(audience)).trusts_any_workload().is_some());
        let any_repository = r#","Condition":{"StringLike":{"token.actions.githubusercontent.com:sub":"repo:*"}}"#;
        assert!(read(&trust(any_repository)).trusts_any_workload().is_some());
        let one_repository =
            r#","Condition":{"StringLike":{"token.actions.githubusercontent.com:sub":"repo:acme/app:*"}}"#;
        assert!(read(&trust(one_repository)).trusts_any_workload().is_none());
        let cluster = r#"{"Statement":[{"Effect":"Allow","Principal":{"Federated":"arn:aws:iam::1:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC"},"Action":"sts:AssumeRoleWithWebIdentity"}]}"#;
        assert!(read(cluster).trusts_any_workload().is_none());
    }

    #[test]
    fn text_that_is_not_a_policy_is_not_read_as_one() {
        assert!(Policy::parse("file://policy.json").is_none());
        assert!(Policy::parse(r#"{"Version":"2012-10-17"}"#).is_none());
    }
}
