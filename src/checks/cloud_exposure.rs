//! Cloud changes that expose data or cannot be taken back, through `aws`, `gcloud`, `gsutil`,
//! `az`, `vault` and `doppler`: storage made readable by anyone, administrator roles granted,
//! encryption keys destroyed or disabled, secrets deleted. Each is denied; reading a policy,
//! granting a narrow role and restoring a key or a secret pass. A policy given in a file cannot
//! be read here: setting one asks.

use super::unverifiable::COULD_NOT_VERIFY;
use super::{Applies, Checker, DENY, Report, Subject};
use crate::rules::Rule;
use crate::tools::{self, Invocation};
use serde_json::Value;

pub const CHECKER: Checker = Checker {
    rules: &[&STORAGE_PUBLIC, &ADMIN_GRANT, &KEY_DESTRUCTION, &SECRET_DELETION],
    applies: Applies::Commands(&["aws", "gcloud", "gsutil", "az", "vault", "doppler", "gh"]),
    check,
    whole_analysis: None,
};

pub static STORAGE_PUBLIC: Rule = Rule {
    id: "storage-public",
    decision: DENY,
    catches: "Making cloud storage readable by anyone: a public ACL or grant (`aws s3api put-bucket-acl --acl public-read`, `gsutil acl ch -u AllUsers:R`, `gsutil iam ch allUsers:…`), a binding for `allUsers`, the public access block removed, `az storage container … --public-access blob`., a disk snapshot, machine image or database snapshot shared with every account (`Group=all`, `--values-to-add all`)",
    instead: "Keep the data private and share it with named principals or a signed URL (`aws s3 presign`, `gcloud storage sign-url`); let the user decide about public access",
    examples: &[
        "aws s3api put-bucket-acl --bucket data --acl public-read",
        "aws s3api put-object-acl --bucket data --key a.csv --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers",
        "aws s3 sync ./site s3://data --acl public-read",
        "aws s3api delete-public-access-block --bucket data",
        "aws s3api put-public-access-block --bucket data --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
        "aws s3api put-bucket-policy --bucket data --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"s3:GetObject\",\"Resource\":\"arn:aws:s3:::data/*\"}]}'",
        "gsutil iam ch allUsers:objectViewer gs://data",
        "gsutil acl ch -u AllUsers:R gs://data/report.csv",
        "gsutil -m acl ch -r -g AllAuthenticatedUsers:R gs://data",
        "gsutil defacl ch -u AllUsers:READER gs://data",
        "gcloud storage buckets add-iam-policy-binding gs://data --member=allUsers --role=roles/storage.objectViewer",
        "gcloud projects add-iam-policy-binding my-project --member allAuthenticatedUsers --role roles/viewer",
        "az storage container create --name public --account-name acct --public-access blob",
        "az storage account update --name acct --allow-blob-public-access true",
        "bash -c 'aws s3api put-bucket-acl --bucket data --acl public-read-write'",
    ],
    allowed: &[
        "aws s3api put-bucket-acl --bucket data --acl private",
        "aws s3 cp report.csv s3://data/ --acl bucket-owner-full-control",
        "aws s3api put-public-access-block --bucket data --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
        "aws s3api get-bucket-acl --bucket data",
        "gsutil iam get gs://data",
        "gsutil iam ch user:ana@example.com:objectViewer gs://data",
        "gsutil iam ch -d allUsers gs://data",
        "gsutil acl ch -d AllUsers gs://data/report.csv",
        "gcloud storage buckets add-iam-policy-binding gs://data --member=serviceAccount:ci@p.iam.gserviceaccount.com --role=roles/storage.objectViewer",
        "gcloud run services add-iam-policy-binding web --member=allUsers --role=roles/run.invoker",
        "az storage container create --name private --account-name acct --public-access off",
        "az storage account update --name acct --allow-blob-public-access false",
    ],
};

pub static ADMIN_GRANT: Rule = Rule {
    id: "admin-grant",
    decision: DENY,
    catches: "Granting an administrator role: `gcloud projects add-iam-policy-binding --role=roles/owner` (and editor, IAM admin, token creator), `aws iam attach-user-policy --policy-arn …/AdministratorAccess`, an inline policy allowing every action, `az role assignment create --role Owner`, `kubectl create clusterrolebinding --clusterrole=cluster-admin`.",
    instead: "Grant the narrowest role the task needs (`roles/viewer`, `ReadOnlyAccess`, `Reader`, the `view` cluster role), and let the user grant administrator roles",
    examples: &[
        "gcloud projects add-iam-policy-binding my-project --member=user:bob@example.com --role=roles/owner",
        "gcloud organizations add-iam-policy-binding 123 --member=group:ops@example.com --role roles/resourcemanager.organizationAdmin",
        "gcloud projects add-iam-policy-binding my-project --member=serviceAccount:ci@p.iam.gserviceaccount.com --role=roles/iam.serviceAccountTokenCreator",
        "aws iam attach-user-policy --user-name bob --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
        "aws iam attach-role-policy --role-name ci --policy-arn arn:aws:iam::aws:policy/IAMFullAccess",
        "aws iam put-user-policy --user-name bob --policy-name all --policy-document '{\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}}'",
        "az role assignment create --assignee bob@example.com --role Owner --scope /subscriptions/0000",
        "az role assignment create --assignee bob@example.com --role 8e3af657-a8ff-443c-a75c-2fe8c4bcb635",
        "az role assignment create --assignee bob@example.com --role 'User Access Administrator'",
        "kubectl create clusterrolebinding bob-admin --clusterrole=cluster-admin --user=bob",
        "oc adm policy add-cluster-role-to-user cluster-admin bob",
    ],
    allowed: &[
        "gcloud projects add-iam-policy-binding my-project --member=user:bob@example.com --role=roles/viewer",
        "gcloud projects get-iam-policy my-project",
        "aws iam attach-user-policy --user-name bob --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess",
        "aws iam put-user-policy --user-name bob --policy-name read --policy-document '{\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"s3:GetObject\",\"Resource\":\"*\"}}'",
        "az role assignment create --assignee bob@example.com --role Reader",
        "az role assignment list --assignee bob@example.com",
        "kubectl create clusterrolebinding bob-view --clusterrole=view --user=bob",
        "kubectl create rolebinding dev-edit --clusterrole=edit --user=dev -n dev",
    ],
};

pub static KEY_DESTRUCTION: Rule = Rule {
    id: "key-destruction",
    decision: DENY,
    catches: "Deleting or disabling encryption keys: `aws kms schedule-key-deletion` and `disable-key`, `gcloud kms keys versions destroy` and `disable`, `az keyvault key delete` and `purge`, `az keyvault delete` and `purge`. What they encrypted can no longer be read.",
    instead: "Leave the key as it is and let the user decide: every backup and volume it encrypted becomes unreadable",
    examples: &[
        "aws kms schedule-key-deletion --key-id 1234abcd --pending-window-in-days 7",
        "aws kms disable-key --key-id 1234abcd",
        "aws kms delete-imported-key-material --key-id 1234abcd",
        "gcloud kms keys versions destroy 1 --key=app --keyring=main --location=global",
        "gcloud kms keys versions disable 1 --key=app --keyring=main --location=global",
        "az keyvault key delete --vault-name vault --name app",
        "az keyvault key purge --vault-name vault --name app",
        "az keyvault purge --name vault",
        "az keyvault delete --name vault",
    ],
    allowed: &[
        "aws kms cancel-key-deletion --key-id 1234abcd",
        "aws kms enable-key --key-id 1234abcd",
        "aws kms list-keys",
        "gcloud kms keys versions restore 1 --key=app --keyring=main --location=global",
        "gcloud kms keys list --keyring=main --location=global",
        "az keyvault key list --vault-name vault",
    ],
};

pub static SECRET_DELETION: Rule = Rule {
    id: "secret-deletion",
    decision: DENY,
    catches: "Deleting entries of a secrets manager: `aws secretsmanager delete-secret`, `aws ssm delete-parameter`, `gcloud secrets delete`, `gcloud secrets versions destroy`, `az keyvault secret delete` and `purge`, `vault kv delete`, `destroy` and `metadata delete`, `vault secrets disable`, `doppler secrets delete`, `gh secret delete`. Often the only copy of a credential.",
    instead: "Leave the secret and let the user delete it: it is often the only copy of a credential",
    examples: &[
        "aws secretsmanager delete-secret --secret-id prod/db",
        "aws secretsmanager delete-secret --secret-id prod/db --force-delete-without-recovery",
        "aws ssm delete-parameter --name /prod/db/password",
        "aws ssm delete-parameters --names /prod/a /prod/b",
        "gcloud secrets delete db-password",
        "gcloud secrets versions destroy 3 --secret=db-password",
        "az keyvault secret delete --vault-name vault --name db-password",
        "az keyvault secret purge --vault-name vault --name db-password",
        "vault kv delete secret/app",
        "vault kv destroy -versions=1,2 secret/app",
        "vault kv metadata delete -mount=secret app",
        "vault secrets disable secret/",
        "doppler secrets delete API_KEY -p app -c prd",
        "sudo env AWS_PROFILE=prod aws secretsmanager delete-secret --secret-id prod/db",
    ],
    allowed: &[
        "aws secretsmanager restore-secret --secret-id prod/db",
        "aws secretsmanager list-secrets",
        "aws ssm get-parameter --name /dev/flag",
        "gcloud secrets versions list db-password",
        "vault kv list secret/",
        "vault kv metadata get -mount=secret app",
        "doppler secrets download --no-file --format env-no-quotes > /dev/null",
    ],
};

/// The rule a command matches and what would be lost.
type Found = (&'static Rule, String);

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let Some(invocation) = tools::read(command) else {
        return;
    };
    let found = match command.name.as_str() {
        "aws" => aws(&invocation),
        "gcloud" => gcloud(&invocation),
        "gsutil" => gsutil(&invocation),
        "az" => az(&invocation),
        "vault" => vault(&invocation),
        "doppler" => doppler(&invocation),
        "gh" => github(&invocation),
        _ => None,
    };
    if let Some((rule, lost)) = found {
        report.flag(rule, command.span, lost);
    }
}

fn aws(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let (service, operation) = (*words.first()?, *words.get(1)?);
    let said = format!("aws {service} {operation}");
    let public_storage = |why: &str| Some((&STORAGE_PUBLIC, format!("`{said}` {why}")));
    // `aws s3 cp --dryrun` only says what it would do.
    if invocation.has("--dryrun") {
        return None;
    }
    match (service, operation) {
        // Any call that takes an ACL: `put-*-acl`, `create-bucket`, `put-object`, copies.
        ("s3api" | "s3", _) if grants_everyone(invocation) => {
            public_storage("would let anyone on the internet read the data")
        }
        // Snapshots and images shared with every AWS account.
        ("ec2", "modify-snapshot-attribute" | "modify-image-attribute" | "modify-fpga-image-attribute")
            if shared_with_all(invocation, "--group-names", "group=all") =>
        {
            public_storage("would let every AWS account copy the disk and the data on it")
        }
        ("rds", "modify-db-snapshot-attribute" | "modify-db-cluster-snapshot-attribute")
            if shared_with_all(invocation, "--values-to-add", "") =>
        {
            public_storage("would let every AWS account restore the database snapshot")
        }
        ("s3api" | "s3control", "delete-public-access-block") => {
            public_storage("would remove what keeps the buckets from being made public")
        }
        ("s3api" | "s3control", "put-public-access-block")
            if invocation
                .value("--public-access-block-configuration")
                .is_some_and(turns_a_block_off) =>
        {
            public_storage("would turn off a block on public access")
        }
        ("s3api", "put-bucket-policy") => {
            let policy = invocation.value("--policy")?;
            if policy.starts_with("file://") || policy.starts_with("fileb://") {
                // The file is read by `aws` when it runs, and may say anything: ask.
                Some((
                    &COULD_NOT_VERIFY,
                    format!(
                        "`aws s3api put-bucket-policy` sets the policy in `{policy}`, which could make the bucket public and is not read here"
                    ),
                ))
            } else {
                allows_everyone(policy).then(|| {
                    (
                        &STORAGE_PUBLIC,
                        "`aws s3api put-bucket-policy` would let anyone on the internet reach the bucket (`\"Principal\": \"*\"`)".to_owned(),
                    )
                })
            }
        }
        ("iam", "attach-user-policy" | "attach-role-policy" | "attach-group-policy") => {
            let policy = invocation.value("--policy-arn")?.rsplit('/').next()?;
            (policy.starts_with("AdministratorAccess") || policy == "IAMFullAccess").then(|| {
                (
                    &ADMIN_GRANT,
                    format!("`{said}` would grant `{policy}`: full control of the account"),
                )
            })
        }
        ("iam", "put-user-policy" | "put-role-policy" | "put-group-policy") => {
            let document = invocation.value("--policy-document")?;
            if document.starts_with("file://") {
                Some((
                    &COULD_NOT_VERIFY,
                    format!(
                        "`{said}` grants what `{document}` allows, which could be every action and is not read here"
                    ),
                ))
            } else {
                allows_every_action(document).then(|| {
                    (
                        &ADMIN_GRANT,
                        format!("`{said}` would allow every action on every resource: full control of the account"),
                    )
                })
            }
        }
        ("kms", "schedule-key-deletion" | "disable-key" | "delete-imported-key-material") => Some((
            &KEY_DESTRUCTION,
            format!("`{said}` would make everything the key encrypted unreadable"),
        )),
        ("secretsmanager", "delete-secret") | ("ssm", "delete-parameter" | "delete-parameters") => Some((
            &SECRET_DELETION,
            format!("`{said}` would delete stored secrets, often the only copy"),
        )),
        _ => None,
    }
}

/// Whether an S3 command's canned ACL or grants give access to everyone, or to every AWS account.
/// Whether a sharing call names every account: `all` given to `option` (or after it, when the
/// option table does not know it takes a value), or a permission document holding `document`
/// (`Add=[{Group=all}]`).
fn shared_with_all(invocation: &Invocation, option: &str, document: &str) -> bool {
    let texts: Vec<&str> = invocation
        .options()
        .iter()
        .filter_map(|given| given.value)
        .chain(invocation.words())
        .collect();
    let in_document = !document.is_empty()
        && texts
            .iter()
            .any(|text| text.to_ascii_lowercase().replace(' ', "").contains(document));
    in_document || (invocation.has(option) && texts.contains(&"all"))
}

fn grants_everyone(invocation: &Invocation) -> bool {
    let public_acl = invocation
        .value("--acl")
        .is_some_and(|acl| matches!(acl, "public-read" | "public-read-write" | "authenticated-read"));
    let to_everyone =
        |grant: &str| grant.contains("/groups/global/AllUsers") || grant.contains("/groups/global/AuthenticatedUsers");
    public_acl
        || invocation.options().iter().any(|option| {
            (option.name.starts_with("--grant") || option.name == "--access-control-policy")
                && option.value.is_some_and(to_everyone)
        })
}

/// Whether a public access block configuration turns one of its blocks off
/// (`BlockPublicAcls=false`, `{"BlockPublicPolicy": false}`).
fn turns_a_block_off(configuration: &str) -> bool {
    let compact: String = configuration.split_whitespace().collect();
    let compact = compact.to_ascii_lowercase();
    compact.contains("=false") || compact.contains("\":false")
}

/// The statements of a policy document written inline, that allow.
fn allowing_statements(document: &str) -> Vec<Value> {
    let Ok(policy) = serde_json::from_str::<Value>(document) else {
        return Vec::new();
    };
    let statements = match policy.get("Statement") {
        Some(Value::Array(statements)) => statements.clone(),
        Some(statement) => vec![statement.clone()],
        None => Vec::new(),
    };
    statements
        .into_iter()
        .filter(|statement| statement.get("Effect").and_then(Value::as_str) == Some("Allow"))
        .collect()
}

/// Whether `value` is `wanted`, or a list holding it.
fn names(value: Option<&Value>, wanted: &str) -> bool {
    match value {
        Some(Value::String(text)) => text == wanted,
        Some(Value::Array(items)) => items.iter().any(|item| item.as_str() == Some(wanted)),
        _ => false,
    }
}

/// Whether a bucket policy allows anyone (`"Principal": "*"` or `{"AWS": "*"}`) without a
/// condition that narrows who.
fn allows_everyone(policy: &str) -> bool {
    allowing_statements(policy).iter().any(|statement| {
        let principal = statement.get("Principal");
        (names(principal, "*") || names(principal.and_then(|p| p.get("AWS")), "*"))
            && statement.get("Condition").is_none()
    })
}

/// Whether an IAM policy allows every action (`*`, or every IAM action) on every resource.
fn allows_every_action(document: &str) -> bool {
    allowing_statements(document).iter().any(|statement| {
        let action = statement.get("Action");
        (names(action, "*") || names(action, "iam:*")) && names(statement.get("Resource"), "*")
    })
}

/// Google Cloud's roles that give control of a project, folder or organization, or of who may
/// act in it.
const GCLOUD_ADMIN_ROLES: &[&str] = &[
    "roles/owner",
    "roles/editor",
    "roles/resourcemanager.projectIamAdmin",
    "roles/resourcemanager.folderAdmin",
    "roles/resourcemanager.folderIamAdmin",
    "roles/resourcemanager.organizationAdmin",
    "roles/iam.securityAdmin",
    "roles/iam.roleAdmin",
    "roles/iam.organizationRoleAdmin",
    "roles/iam.serviceAccountAdmin",
    "roles/iam.serviceAccountKeyAdmin",
    "roles/iam.serviceAccountTokenCreator",
];

/// Roles that only let the public call a service (a web site on Cloud Run, a public function):
/// no data is read through them.
const GCLOUD_INVOKER_ROLES: &[&str] = &["roles/run.invoker", "roles/cloudfunctions.invoker"];

fn gcloud(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    // `gcloud beta kms …` is `gcloud kms …`.
    let start = usize::from(matches!(words.first(), Some(&("alpha" | "beta" | "preview"))));
    let words = &words[start..];
    let said = |count: usize| format!("gcloud {}", words[..count.min(words.len())].join(" "));
    if let Some(binding) = words.iter().position(|word| *word == "add-iam-policy-binding") {
        let member = invocation.value("--member").unwrap_or("");
        let role = invocation.value("--role").unwrap_or("");
        if is_everyone(member) && !GCLOUD_INVOKER_ROLES.contains(&role) {
            return Some((
                &STORAGE_PUBLIC,
                format!(
                    "`{}` would give `{role}` to `{member}`: anyone on the internet",
                    said(binding + 1)
                ),
            ));
        }
        let on_a_hierarchy = matches!(words.first(), Some(&("projects" | "organizations" | "folders")))
            || words.starts_with(&["resource-manager", "folders"]);
        if on_a_hierarchy && GCLOUD_ADMIN_ROLES.contains(&role) {
            return Some((
                &ADMIN_GRANT,
                format!(
                    "`{}` would give `{role}` to `{member}`: control of everything in it",
                    said(binding + 1)
                ),
            ));
        }
        return None;
    }
    let public_acl = ["--predefined-acl", "--predefined-default-object-acl"]
        .iter()
        .filter_map(|option| invocation.value(option))
        .any(|acl| matches!(acl, "publicRead" | "publicReadWrite" | "authenticatedRead"))
        || invocation.values("--add-acl-grant").any(|grant| {
            grant
                .split(',')
                .any(|part| part.strip_prefix("entity=").is_some_and(is_everyone))
        });
    let prevention_off = invocation.has("--no-public-access-prevention");
    if words.first() == Some(&"storage") && (public_acl || prevention_off) {
        return Some((
            &STORAGE_PUBLIC,
            format!("`{}` would let anyone on the internet read the data", said(3)),
        ));
    }
    match words {
        ["kms", "keys", "versions", "destroy" | "disable", ..] => Some((
            &KEY_DESTRUCTION,
            format!(
                "`{}` would make everything the key version encrypted unreadable",
                said(4)
            ),
        )),
        ["secrets", "delete", ..] | ["secrets", "versions", "destroy", ..] => Some((
            &SECRET_DELETION,
            format!("`{}` would delete stored secrets, often the only copy", said(3)),
        )),
        _ => None,
    }
}

/// Whether an IAM member or ACL entity is everyone (`allUsers`) or every Google account
/// (`allAuthenticatedUsers`).
fn is_everyone(member: &str) -> bool {
    matches!(
        member.to_ascii_lowercase().as_str(),
        "allusers" | "allauthenticatedusers"
    )
}

fn gsutil(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let public = |what: String| {
        Some((
            &STORAGE_PUBLIC,
            format!("`gsutil {what}` would let anyone on the internet read the data"),
        ))
    };
    let public_canned = |acl: &str| matches!(acl, "public-read" | "public-read-write" | "authenticated-read");
    match words.as_slice() {
        ["iam", "ch", bindings @ ..]
            if bindings
                .iter()
                .any(|binding| binding.split(':').next().is_some_and(is_everyone)) =>
        {
            public("iam ch".to_owned())
        }
        [list @ ("acl" | "defacl"), "ch", ..]
            if ["-u", "-g"]
                .iter()
                .flat_map(|option| invocation.values(option))
                .any(|grant| grant.split(':').next().is_some_and(is_everyone)) =>
        {
            public(format!("{list} ch"))
        }
        [list @ ("acl" | "defacl"), "set", acl, ..] if public_canned(acl) => public(format!("{list} set {acl}")),
        // Public access prevention off: the bucket's data may then be granted to everyone.
        ["pap", "set", "unenforced", ..] => public("pap set unenforced".to_owned()),
        [copy @ ("cp" | "mv" | "rsync"), ..] if invocation.value("-a").is_some_and(public_canned) => {
            public(format!("{copy} -a {}", invocation.value("-a").unwrap_or("")))
        }
        _ => None,
    }
}

/// Azure's built-in roles that control a subscription or who may act in it, by name and by id.
const AZURE_ADMIN_ROLES: &[&str] = &[
    "owner",
    "contributor",
    "user access administrator",
    "role based access control administrator",
    "8e3af657-a8ff-443c-a75c-2fe8c4bcb635",
    "b24988ac-6180-42a0-ab88-20f7382dd24c",
    "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9",
    "f58310d9-a9f6-439a-9e8d-f62e7b41a168",
];

fn az(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let said = |count: usize| format!("az {}", words[..count.min(words.len())].join(" "));
    match words.as_slice() {
        ["storage", "container", "create" | "set-permission", ..]
            if invocation
                .value("--public-access")
                .is_some_and(|access| matches!(access, "blob" | "container")) =>
        {
            Some((
                &STORAGE_PUBLIC,
                format!("`{}` would let anyone on the internet read the container", said(3)),
            ))
        }
        ["storage", "account", "update" | "create", ..]
            if invocation
                .value("--allow-blob-public-access")
                .is_some_and(|allowed| !allowed.eq_ignore_ascii_case("false")) =>
        {
            Some((
                &STORAGE_PUBLIC,
                format!("`{}` would let the account's containers be made public", said(3)),
            ))
        }
        ["role", "assignment", "create", ..] | ["ad", "sp", "create-for-rbac", ..] => {
            let role = invocation.value("--role")?;
            let name = role.rsplit('/').next().unwrap_or(role).to_ascii_lowercase();
            AZURE_ADMIN_ROLES.contains(&name.as_str()).then(|| {
                (
                    &ADMIN_GRANT,
                    format!("`{}` would grant `{role}`: control of everything in its scope", said(3)),
                )
            })
        }
        ["keyvault", "key" | "certificate", "delete" | "purge", ..] | ["keyvault", "delete" | "purge", ..] => Some((
            &KEY_DESTRUCTION,
            format!("`{}` would make everything its keys encrypted unreadable", said(3)),
        )),
        ["keyvault", "secret", "delete" | "purge", ..] => Some((
            &SECRET_DELETION,
            format!("`{}` would delete stored secrets, often the only copy", said(3)),
        )),
        _ => None,
    }
}

fn vault(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let count = match words.as_slice() {
        // `vault delete PATH`: the generic form, which older guides use for KV secrets.
        ["delete", ..] => 1,
        ["kv", "delete" | "destroy", ..] | ["secrets", "disable", ..] => 2,
        ["kv", "metadata", "delete", ..] => 3,
        _ => return None,
    };
    let what = if words[0] == "secrets" {
        "would delete the secrets engine and every secret stored in it"
    } else {
        "would delete stored secrets, often the only copy"
    };
    Some((&SECRET_DELETION, format!("`vault {}` {what}", words[..count].join(" "))))
}

fn doppler(invocation: &Invocation) -> Option<Found> {
    invocation.words().starts_with(&["secrets", "delete"]).then(|| {
        (
            &SECRET_DELETION,
            "`doppler secrets delete` would delete stored secrets, often the only copy".to_owned(),
        )
    })
}

/// `gh secret delete`: an Actions, Codespaces or Dependabot secret, whose value GitHub never
/// shows again.
fn github(invocation: &Invocation) -> Option<Found> {
    matches!(invocation.words().as_slice(), ["secret", "delete" | "remove", ..]).then(|| {
        (
            &SECRET_DELETION,
            "`gh secret delete` would delete a repository secret, whose value GitHub never shows again".to_owned(),
        )
    })
}
