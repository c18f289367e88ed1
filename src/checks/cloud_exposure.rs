//! Cloud changes that expose data or cannot be taken back, through `aws`, `gcloud`, `gsutil`,
//! `az`, `oci`, MinIO's `mc`, `s3cmd`, `rclone`, `b2`, `gh`, and the secret stores (`vault`,
//! `doppler`, the password managers and deployment platforms of [`stores`]): storage made
//! readable by anyone, administrator roles granted, encryption keys destroyed or locked, secrets
//! deleted. Each is denied; reading a policy, granting a narrow role and restoring a key or a
//! secret pass. Policy documents are read by [`policy`], inline or from the file a command names;
//! one that cannot be read asks. Firewalls and databases opened to every address are read by
//! [`network`] and judged by the exposure checker's rules.

mod network;
mod policy;
mod stores;

use super::unverifiable::COULD_NOT_VERIFY;
use super::{Applies, Checker, DENY, Report, Subject};
use crate::paths::{self, Target};
use crate::rules::Rule;
use crate::scripts::{self, Binaries, OnDisk};
use crate::tools::{self, Invocation, Opt};
use crate::word::Word;
use policy::Policy;
use serde_json::Value;

pub const CHECKER: Checker = Checker {
    rules: &[&STORAGE_PUBLIC, &ADMIN_GRANT, &KEY_DESTRUCTION, &SECRET_DELETION],
    applies: Applies::Commands(&[
        "aws",
        "gcloud",
        "gsutil",
        "az",
        "mc",
        "s3cmd",
        "rclone",
        "vault",
        "gh",
        "gpg",
        "gpg2",
        "keytool",
        // The secret stores of `stores::DELETIONS`.
        "doppler",
        "op",
        "bw",
        "pass",
        "gopass",
        "security",
        "infisical",
        "fly",
        "flyctl",
        "vercel",
        "netlify",
        "heroku",
        "wrangler",
        "supabase",
        "oci",
        "b2",
    ]),
    check,
    whole_analysis: None,
};

pub static STORAGE_PUBLIC: Rule = Rule {
    id: "storage-public",
    decision: DENY,
    catches: "Making cloud storage or a resource reachable by anyone: a public ACL or grant on any S3 call (`--acl public-read`, `gsutil acl ch -u AllUsers:R`, `s3cmd --acl-public`, `rclone --s3-acl public-read`), a policy whose principal is everyone (`\"Principal\": \"*\"` in any AWS policy document or attribute, inline or in a file; `--principal '*'`), a binding for `allUsers` on any resource or a Kubernetes binding for unauthenticated users, the public access block removed, `az storage container … --public-access blob`, MinIO's `mc anonymous set public`, a disk snapshot, machine image, database snapshot or SSM document shared with every account (`Group=all`, `--values-to-add all`), a private GitHub repository made public, an Oracle Cloud bucket given `--public-access-type ObjectRead`, a Backblaze B2 bucket made `allPublic`, a role trusting GitHub Actions, GitLab or Terraform Cloud tokens without naming the repository (`…:sub`)",
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
        "aws ecr set-repository-policy --repository-name app --policy-text '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"ecr:*\"}]}'",
        "aws iam update-assume-role-policy --role-name admin --policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"*\"},\"Action\":\"sts:AssumeRole\"}]}'",
        "aws sqs set-queue-attributes --queue-url https://sqs.us-east-1.amazonaws.com/1/q --attributes '{\"Policy\":\"{\\\"Statement\\\":[{\\\"Effect\\\":\\\"Allow\\\",\\\"Principal\\\":\\\"*\\\",\\\"Action\\\":\\\"sqs:*\\\"}]}\"}'",
        "aws lambda add-permission --function-name fn --statement-id all --action lambda:GetFunction --principal '*'",
        "aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --create-volume-permission 'Add=[{Group=all}]'",
        "aws ssm modify-document-permission --name doc --permission-type Share --account-ids-to-add all",
        "az storage container-rm create --storage-account acct -n www --public-access blob",
        "mc anonymous set download myminio/data",
        "s3cmd setacl --acl-public --recursive s3://data/",
        "rclone copy ./site remote:bucket --s3-acl public-read",
        "gh repo edit me/app --visibility public --accept-visibility-change-consequences",
        "kubectl create clusterrolebinding anon --clusterrole=view --group=system:unauthenticated",
        "oci os bucket update --name data --public-access-type ObjectRead",
        "b2 bucket update data allPublic",
        "aws iam create-role --role-name deploy --assume-role-policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"Federated\":\"arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com\"},\"Action\":\"sts:AssumeRoleWithWebIdentity\",\"Condition\":{\"StringEquals\":{\"token.actions.githubusercontent.com:aud\":\"sts.amazonaws.com\"}}}]}'",
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
        "aws ecr set-repository-policy --repository-name app --policy-text '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::123456789012:root\"},\"Action\":\"ecr:BatchGetImage\"}]}'",
        "aws sns set-topic-attributes --topic-arn arn:aws:sns:us-east-1:1:t --attribute-name Policy --attribute-value '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"sns:Publish\",\"Condition\":{\"ArnLike\":{\"aws:SourceArn\":\"arn:aws:s3:::b\"}}}]}'",
        "aws lambda add-permission --function-name fn --statement-id url --action lambda:InvokeFunctionUrl --principal '*' --function-url-auth-type NONE",
        "aws iam create-role --role-name fn --assume-role-policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"Service\":\"lambda.amazonaws.com\"},\"Action\":\"sts:AssumeRole\"}]}'",
        "mc anonymous set none myminio/data",
        "mc anonymous get myminio/data",
        "s3cmd put report.csv s3://data/",
        "gh repo edit me/app --visibility private",
        "kubectl create rolebinding dev-view --clusterrole=view --user=bob -n dev",
        "oci os bucket update --name data --public-access-type NoPublicAccess",
        "b2 bucket update data allPrivate",
        "aws iam create-role --role-name deploy --assume-role-policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"Federated\":\"arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com\"},\"Action\":\"sts:AssumeRoleWithWebIdentity\",\"Condition\":{\"StringLike\":{\"token.actions.githubusercontent.com:sub\":\"repo:acme/app:ref:refs/heads/main\"}}}]}'",
    ],
};

pub static ADMIN_GRANT: Rule = Rule {
    id: "admin-grant",
    decision: DENY,
    catches: "Granting an administrator role: `gcloud … add-iam-policy-binding --role=roles/owner` on any resource (and editor, every `*.admin` role, IAM admin, the roles that act as a service account such as token creator), `aws iam attach-user-policy --policy-arn …/AdministratorAccess`, a policy document allowing every action on every resource (`create-policy`, `create-policy-version`, `put-*-policy`, inline or in a file), `az role assignment create --role Owner`, `kubectl create clusterrolebinding --clusterrole=cluster-admin`, OpenShift's privileged security context constraints, a GitHub collaborator or organization member made admin, an IAM user added to a group named for administrators (`aws iam add-user-to-group --group-name Admins`).",
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
        "aws iam create-policy-version --policy-arn arn:aws:iam::1:policy/ci --policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}]}' --set-as-default",
        "aws iam create-policy --policy-name all --policy-document '{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}]}'",
        "gcloud iam service-accounts add-iam-policy-binding deployer@p.iam.gserviceaccount.com --member=user:bob@example.com --role=roles/iam.serviceAccountTokenCreator",
        "gcloud storage buckets add-iam-policy-binding gs://data --member=user:bob@example.com --role=roles/storage.admin",
        "gcloud secrets add-iam-policy-binding db --member=user:bob@example.com --role=roles/owner",
        "oc adm policy add-scc-to-user privileged -z default",
        "gh api -X PUT repos/me/app/collaborators/bob -f permission=admin",
        "gh api --method PUT orgs/acme/memberships/bob -f role=admin",
        "aws iam add-user-to-group --group-name Administrators --user-name bob",
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
        "aws iam create-policy --policy-name read --policy-document '{\"Statement\":[{\"Effect\":\"Allow\",\"Action\":[\"s3:GetObject\"],\"Resource\":\"arn:aws:s3:::data/*\"}]}'",
        "aws iam create-policy --policy-name read --policy-document file://policy.json",
        "gcloud iam service-accounts add-iam-policy-binding deployer@p.iam.gserviceaccount.com --member=user:bob@example.com --role=roles/iam.serviceAccountViewer",
        "gcloud storage buckets add-iam-policy-binding gs://data --member=user:bob@example.com --role=roles/storage.objectViewer",
        "oc adm policy add-scc-to-user anyuid -z default",
        "gh api -X PUT repos/me/app/collaborators/bob -f permission=push",
        "gh api repos/me/app/collaborators",
        "aws iam add-user-to-group --group-name developers --user-name bob",
        "aws iam remove-user-from-group --group-name Admins --user-name bob",
    ],
};

pub static KEY_DESTRUCTION: Rule = Rule {
    id: "key-destruction",
    decision: DENY,
    catches: "Deleting, disabling or locking encryption and signing keys: `aws kms schedule-key-deletion` and `disable-key`, a key policy that denies everyone or (with the lockout check bypassed) lets no one manage the key, `gcloud kms keys versions destroy` and `disable`, `az keyvault key delete` and `purge`, `az keyvault delete` and `purge`, `gpg --delete-secret-keys`, `keytool -delete` of a keystore entry. What they encrypted can no longer be read.",
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
        "aws kms put-key-policy --key-id 1234abcd --policy-name default --policy '{\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"kms:*\",\"Resource\":\"*\"}]}'",
        "aws kms put-key-policy --key-id 1234abcd --bypass-policy-lockout-safety-check --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::1:role/app\"},\"Action\":\"kms:Decrypt\",\"Resource\":\"*\"}]}'",
        "gpg --batch --yes --delete-secret-keys ABCDEF0123456789",
        "gpg --delete-secret-and-public-key ABCDEF0123456789",
        "keytool -delete -alias upload -keystore release.jks",
    ],
    allowed: &[
        "aws kms cancel-key-deletion --key-id 1234abcd",
        "aws kms enable-key --key-id 1234abcd",
        "aws kms list-keys",
        "gcloud kms keys versions restore 1 --key=app --keyring=main --location=global",
        "gcloud kms keys list --keyring=main --location=global",
        "az keyvault key list --vault-name vault",
        "aws kms put-key-policy --key-id 1234abcd --policy-name default --policy '{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::123456789012:root\"},\"Action\":\"kms:*\",\"Resource\":\"*\"}]}'",
        "gpg --delete-keys ABCDEF0123456789",
        "gpg --list-secret-keys",
        "ssh-keygen -R github.com",
        "keytool -list -keystore release.jks",
        "keytool -delete -alias old-ca -cacerts",
    ],
};

pub static SECRET_DELETION: Rule = Rule {
    id: "secret-deletion",
    decision: DENY,
    catches: "Deleting entries of a secrets manager or password store: `aws secretsmanager delete-secret`, `aws ssm delete-parameter`, `gcloud secrets delete`, `gcloud secrets versions destroy`, `az keyvault secret delete` and `purge`, `vault kv delete`, `destroy` and `metadata delete`, `vault secrets disable` (or the same through Vault's HTTP API: `DELETE :8200/v1/MOUNT/metadata/PATH`, `DELETE /v1/sys/mounts/PATH`), `doppler secrets delete`, `gh secret delete`, 1Password's `op item delete` (not `--archive`), `bw delete item --permanent`, `pass rm`, `gopass rm`, `security delete-generic-password`, `infisical secrets delete`, `fly secrets unset`, `vercel env rm`, `netlify env:unset`, `heroku config:unset`, `wrangler secret delete`, `supabase secrets unset`. Often the only copy of a credential.",
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
        "curl -X DELETE -H \"X-Vault-Token: $VAULT_TOKEN\" http://127.0.0.1:8200/v1/secret/metadata/app",
        "doppler secrets delete API_KEY -p app -c prd",
        "sudo env AWS_PROFILE=prod aws secretsmanager delete-secret --secret-id prod/db",
        "op item delete 'Prod DB' --vault Production",
        "op vault delete Production",
        "bw delete item 2f1c3b4a --permanent",
        "pass rm -rf work/",
        "gopass rm -r work",
        "security delete-generic-password -s api.example.com",
        "infisical secrets delete API_KEY --env=prod",
        "flyctl secrets unset DATABASE_URL -a app",
        "vercel env rm DATABASE_URL production -y",
        "wrangler secret delete API_KEY",
        "netlify env:unset API_KEY",
        "heroku config:unset API_KEY -a app",
    ],
    allowed: &[
        "aws secretsmanager restore-secret --secret-id prod/db",
        "aws secretsmanager list-secrets",
        "aws ssm get-parameter --name /dev/flag",
        "gcloud secrets versions list db-password",
        "vault kv list secret/",
        "vault kv metadata get -mount=secret app",
        "curl http://127.0.0.1:8200/v1/sys/health",
        "curl -X DELETE -H \"X-Vault-Token: $VAULT_TOKEN\" http://127.0.0.1:8200/v1/auth/token/revoke-self",
        "doppler secrets download --no-file --format env-no-quotes > /dev/null",
        "op item delete 'Old login' --archive",
        "op item get 'Prod DB' --fields username",
        "bw delete item 2f1c3b4a",
        "bw delete folder 5e2a",
        "pass ls",
        "pass insert work/api",
        "security list-keychains",
        "infisical secrets set API_KEY=x --env=dev",
        "flyctl secrets list -a app",
        "vercel env ls",
        "vercel env rm NEXT_PUBLIC_API_URL production -y",
        "netlify env:unset NODE_VERSION",
        "heroku config:unset WEB_CONCURRENCY -a app",
        "heroku config:set WEB_CONCURRENCY=2 -a app",
        "gcloud secrets versions enable 3 --secret=db-password",
    ],
};

/// The rule a command matches and what would be lost.
type Found = (&'static Rule, String);

fn check(subject: &Subject, report: &mut Report) {
    let command = subject.command;
    let found = match command.name.as_str() {
        "gh" if command.args().first().is_some_and(|first| first.is("api")) => github_api(subject),
        _ => tools::read(command).and_then(|invocation| judge(subject, &invocation)),
    };
    if let Some((rule, lost)) = found {
        report.flag(rule, command.span, lost);
    }
}

/// What a command read by its tool's table matches.
fn judge(subject: &Subject, invocation: &Invocation) -> Option<Found> {
    let name = subject.command.name.as_str();
    let found = match name {
        "aws" => aws(subject, invocation),
        "gcloud" => gcloud(subject, invocation),
        "gsutil" => gsutil(subject, invocation),
        "az" => az(invocation).or_else(|| network::az(subject, &invocation.words())),
        "mc" => minio(subject, invocation),
        "s3cmd" => s3cmd(subject, invocation),
        "rclone" => rclone(invocation),
        "vault" => vault(invocation),
        "gh" => github(invocation),
        "oci" => oracle(invocation),
        "b2" => backblaze(invocation),
        "gpg" | "gpg2" => gpg(name, invocation),
        "keytool" => keytool(invocation),
        _ => None,
    };
    found.or_else(|| secret_store(name, invocation))
}

/// A secret store's deleting subcommand, by the rows of [`stores::DELETIONS`].
fn secret_store(name: &str, invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let given = |options: &[&str]| options.iter().any(|option| invocation.has(option));
    let deletion = stores::DELETIONS.iter().find(|deletion| {
        deletion.programs.contains(&name)
            && deletion.path.len() <= words.len()
            && deletion
                .path
                .iter()
                .zip(&words)
                .all(|(aliases, word)| aliases.contains(word))
            && !given(deletion.kept_by)
            && (deletion.final_with.is_empty() || given(deletion.final_with))
            && (!deletion.by_name
                || words
                    .get(deletion.path.len())
                    .is_some_and(|variable| crate::producers::is_secret_name(variable)))
    })?;
    let said = words[..deletion.path.len()].join(" ");
    Some((
        &SECRET_DELETION,
        format!("`{name} {said}` would delete {}: often the only copy", deletion.what),
    ))
}

/// A policy document or file given to a command: its text, nothing (a file that does not
/// exist, so the command fails), or why it cannot be known here.
enum Document {
    Text(String),
    Absent,
    Unknown(String),
}

/// The document an option's value gives: inline, or in the file of a `file://` or `fileb://`
/// URL (AWS's parameter files).
fn aws_document(subject: &Subject, option: &Opt) -> Document {
    if option.value_word.is_some_and(Word::is_dynamic) {
        return Document::Unknown("a value only known when it runs".to_owned());
    }
    let Some(value) = option.value else {
        return Document::Absent;
    };
    match value.strip_prefix("file://").or_else(|| value.strip_prefix("fileb://")) {
        Some(path) => file_document(subject, path),
        None => Document::Text(value.to_owned()),
    }
}

/// The text of the file at `path`, as the command's program reads it: relative to the command's
/// folder, `~/` under the home folder. A file this very command writes first, or one the disk
/// may not be read for, is unknown.
fn file_document(subject: &Subject, path: &str) -> Document {
    let command = subject.command;
    let unknown = || Document::Unknown(format!("`{path}`, which is not read here"));
    if path.contains('$') || path.is_empty() {
        return unknown();
    }
    let path = match path.strip_prefix("~/") {
        Some(below) => subject.context.home.join(below).as_str().to_owned(),
        None => path.to_owned(),
    };
    let Target::Path(file) = paths::resolve(&Word::literal(&path, command.span), &command.cwd) else {
        return unknown();
    };
    if !subject.context.read_scripts || super::tamper::written_here(subject, &file) {
        return unknown();
    }
    match scripts::read(&file, Binaries::Skipped) {
        OnDisk::Text(text) => Document::Text(text),
        OnDisk::Missing => Document::Absent,
        _ => unknown(),
    }
}

/// The options of `aws` whose value is a policy document.
const AWS_POLICY_OPTIONS: &[&str] = &[
    "--policy",
    "--policy-document",
    "--policy-text",
    "--assume-role-policy-document",
    "--resource-policy",
    "--access-policies",
    "--policy-in-json",
];

/// The keys under which a map of attributes or parameters (`--attributes`, `--cli-input-json`)
/// carries a policy document, as a string.
const AWS_POLICY_KEYS: &[&str] = &[
    "Policy",
    "PolicyDocument",
    "PolicyText",
    "AssumeRolePolicyDocument",
    "ResourcePolicy",
    "AccessPolicies",
    "PolicyInJson",
];

/// The verbs of the operations that set a policy (`put-bucket-policy`, `create-role`,
/// `set-queue-attributes`); other operations only check, simulate or read one.
const AWS_SETTING_VERBS: &[&str] = &[
    "put", "create", "set", "update", "add", "attach", "modify", "replace", "import",
];

/// What the policy documents an `aws` call sets allow: everyone (`"Principal": "*"`), every
/// action, or no one at all on a key.
fn aws_policies(subject: &Subject, invocation: &Invocation, said: &str) -> Option<Found> {
    let words = invocation.words();
    let (service, operation) = (words[0], words[1]);
    let verb = operation.split('-').next().unwrap_or("");
    // A session's policy only narrows what the role may do; the access analyzer only checks.
    if matches!(service, "sts" | "accessanalyzer") || !AWS_SETTING_VERBS.contains(&verb) {
        return None;
    }
    let mut documents: Vec<(&str, Document)> = Vec::new();
    let policy_attribute = invocation.value("--attribute-name") == Some("Policy");
    for option in invocation.options() {
        if AWS_POLICY_OPTIONS.contains(&option.name) || option.name == "--attribute-value" && policy_attribute {
            documents.push((option.name, aws_document(subject, option)));
        } else if matches!(option.name, "--attributes" | "--cli-input-json")
            && let Document::Text(text) = aws_document(subject, option)
        {
            documents.extend(
                nested_policies(&text)
                    .into_iter()
                    .map(|text| (option.name, Document::Text(text))),
            );
        }
    }
    // Creating a managed policy, or a version of it left aside, grants nothing yet: only what it
    // is seen to allow is judged.
    let takes_effect = !(service == "iam"
        && (operation == "create-policy"
            || operation == "create-policy-version" && !invocation.has("--set-as-default")));
    for (option, document) in documents {
        let text = match document {
            Document::Text(text) => text,
            Document::Absent => continue,
            Document::Unknown(what) if takes_effect => {
                return Some((
                    &COULD_NOT_VERIFY,
                    format!(
                        "`{said}` sets the policy in {what}: it could open the resource to everyone or grant every action"
                    ),
                ));
            }
            Document::Unknown(_) => continue,
        };
        let Some(policy) = Policy::parse(&text) else {
            continue;
        };
        if policy.allows_everyone() {
            let lost = if option == "--assume-role-policy-document" {
                format!(
                    "`{said}` would let every AWS account take the role and act with its permissions (`\"Principal\": {{\"AWS\": \"*\"}}`)"
                )
            } else {
                format!("`{said}` would let anyone on the internet reach the resource (`\"Principal\": \"*\"`)")
            };
            return Some((&STORAGE_PUBLIC, lost));
        }
        if let Some((host, who)) = policy.trusts_any_workload() {
            return Some((
                &STORAGE_PUBLIC,
                format!(
                    "`{said}` would let {who} take the role: the trust names no `{host}:sub` (repository, project or workspace)"
                ),
            ));
        }
        let bypassed = invocation.has("--bypass-policy-lockout-safety-check");
        if service == "kms"
            && (policy.denies_everyone_everything() || bypassed && !policy.lets_someone_manage_the_key())
        {
            return Some((
                &KEY_DESTRUCTION,
                format!(
                    "`{said}` would shut everyone out of the key, the account's administrators too: what it encrypted could never be read again"
                ),
            ));
        }
        if policy.allows_every_action() {
            return Some((
                &ADMIN_GRANT,
                format!("`{said}` would allow every action on every resource: full control of the account"),
            ));
        }
    }
    None
}

/// The policy documents inside a map of attributes or parameters: `{"Policy": "{…}"}` (SQS and
/// SNS attributes, `--cli-input-json`), or the shorthand `Policy=…`.
fn nested_policies(text: &str) -> Vec<String> {
    if let Some(policy) = text.strip_prefix("Policy=") {
        return vec![policy.to_owned()];
    }
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(text.trim()) else {
        return Vec::new();
    };
    AWS_POLICY_KEYS
        .iter()
        .filter_map(|key| match map.get(*key)? {
            Value::String(policy) => Some(policy.clone()),
            // A parameter given as an object rather than a string of JSON.
            policy @ Value::Object(_) => Some(policy.to_string()),
            _ => None,
        })
        .collect()
}

/// Lambda actions that only call the function: a public endpoint, like Cloud Run's
/// `roles/run.invoker` for `allUsers`. No code or configuration is read through them.
const LAMBDA_INVOKE_ACTIONS: &[&str] = &["lambda:invokefunction", "lambda:invokefunctionurl"];

fn aws(subject: &Subject, invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let (service, operation) = (*words.first()?, *words.get(1)?);
    let said = format!("aws {service} {operation}");
    let public_storage = |why: &str| Some((&STORAGE_PUBLIC, format!("`{said}` {why}")));
    // `aws s3 cp --dryrun` only says what it would do.
    if invocation.has("--dryrun") {
        return None;
    }
    if let Some(found) = aws_policies(subject, invocation, &said).or_else(|| network::aws(subject, service, operation))
    {
        return Some(found);
    }
    let everyone = invocation.value("--principal") == Some("*");
    match (service, operation) {
        // Any call that takes an ACL: `put-*-acl`, `create-bucket`, `put-object`, copies.
        ("s3api" | "s3", _) if grants_everyone(invocation) => {
            public_storage("would let anyone on the internet read the data")
        }
        // Snapshots and images shared with every AWS account.
        ("ec2", "modify-snapshot-attribute" | "modify-image-attribute" | "modify-fpga-image-attribute")
            if shared_with_all(invocation, &["--group-names", "--user-groups"], true) =>
        {
            public_storage("would let every AWS account copy the disk and the data on it")
        }
        ("rds", "modify-db-snapshot-attribute" | "modify-db-cluster-snapshot-attribute")
            if shared_with_all(invocation, &["--values-to-add"], false) =>
        {
            public_storage("would let every AWS account restore the database snapshot")
        }
        ("ssm", "modify-document-permission") if shared_with_all(invocation, &["--account-ids-to-add"], false) => {
            public_storage("would let every AWS account read and run the document")
        }
        ("lambda", "add-permission")
            if everyone
                && !invocation
                    .value("--action")
                    .is_some_and(|action| LAMBDA_INVOKE_ACTIONS.contains(&action.to_ascii_lowercase().as_str())) =>
        {
            public_storage("would let every AWS account reach the function's code and settings (`--principal '*'`)")
        }
        ("lambda", "add-layer-version-permission") if everyone && !invocation.has("--organization-id") => {
            public_storage("would let every AWS account download the layer's code (`--principal '*'`)")
        }
        (_, "add-permission" | "put-permission") if everyone && service != "lambda" => {
            public_storage("would let every AWS account use the resource (`--principal '*'`)")
        }
        ("s3api" | "s3control", "delete-public-access-block")
        | ("ec2", "disable-image-block-public-access" | "disable-snapshot-block-public-access") => {
            public_storage("would remove what keeps the data from being made public")
        }
        ("s3api" | "s3control", "put-public-access-block")
            if invocation
                .value("--public-access-block-configuration")
                .is_some_and(turns_a_block_off) =>
        {
            public_storage("would turn off a block on public access")
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
        // A group's policies are not read here; one named for administrators holds their rights.
        ("iam", "add-user-to-group") => {
            let group = invocation.value("--group-name")?;
            group.to_ascii_lowercase().contains("admin").then(|| {
                (
                    &ADMIN_GRANT,
                    format!("`{said}` would add the user to `{group}`, a group whose name says it holds administrators' rights"),
                )
            })
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

/// Whether a sharing call adds every account: `all` given to one of `options` (or after it,
/// when a list of values follows) unless the operation removes, or, with `documents`, a
/// permission document whose `Add` list holds the group `all` (`Add=[{Group=all}]`,
/// `{"Add":[{"Group":"all"}]}`).
fn shared_with_all(invocation: &Invocation, options: &[&str], documents: bool) -> bool {
    let texts: Vec<&str> = invocation
        .options()
        .iter()
        .filter_map(|given| given.value)
        .chain(invocation.words())
        .collect();
    let in_document = documents && texts.iter().any(|text| adds_group_all(text));
    let removes = invocation
        .value("--operation-type")
        .is_some_and(|operation| operation.eq_ignore_ascii_case("remove"));
    in_document || (!removes && options.iter().any(|option| invocation.has(option)) && texts.contains(&"all"))
}

/// Whether a permission document's `Add` list names the group `all`, in the shorthand or JSON.
fn adds_group_all(text: &str) -> bool {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect::<String>()
        .to_ascii_lowercase();
    ["add=[", "add:["].iter().any(|key| {
        compact.match_indices(key).any(|(at, _)| {
            let list = &compact[at + key.len()..];
            let list = &list[..list.find(']').unwrap_or(list.len())];
            list.contains("group=all") || list.contains("group:all")
        })
    })
}

/// Whether an S3 command's canned ACL or grants give access to everyone, or to every AWS account.
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

/// Google Cloud's roles that give control of a resource, a project, folder or organization, or
/// of who may act in it, or that let the member act as a service account (and so with all of its
/// roles). Every role named `roles/<service>.admin` is one too: it includes setting the IAM
/// policy of what it administers.
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
    "roles/iam.serviceAccountUser",
    "roles/iam.workloadIdentityUser",
];

/// Whether `role` gives control of what it is granted on (see [`GCLOUD_ADMIN_ROLES`]).
fn gcloud_admin_role(role: &str) -> bool {
    GCLOUD_ADMIN_ROLES.contains(&role)
        || role
            .strip_prefix("roles/")
            .is_some_and(|name| name.split('.').nth(1) == Some("admin"))
}

/// Roles that only let the public call a service (a web site on Cloud Run, a public function):
/// no data is read through them.
const GCLOUD_INVOKER_ROLES: &[&str] = &["roles/run.invoker", "roles/cloudfunctions.invoker"];

fn gcloud(subject: &Subject, invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    // `gcloud beta kms …` is `gcloud kms …`.
    let start = usize::from(matches!(words.first(), Some(&("alpha" | "beta" | "preview"))));
    let words = &words[start..];
    let said = |count: usize| format!("gcloud {}", words[..count.min(words.len())].join(" "));
    if let Some(found) = network::gcloud(subject, words, &said(3)) {
        return Some(found);
    }
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
        if gcloud_admin_role(role) {
            let on_a_hierarchy = matches!(words.first(), Some(&("projects" | "organizations" | "folders")))
                || words.starts_with(&["resource-manager", "folders"]);
            let what = if on_a_hierarchy {
                "control of everything in it"
            } else {
                "control of the resource and of who may use it, or the power to act as it"
            };
            return Some((
                &ADMIN_GRANT,
                format!("`{}` would give `{role}` to `{member}`: {what}", said(binding + 1)),
            ));
        }
        return None;
    }
    // `gcloud … set-iam-policy RESOURCE FILE`: the whole policy, from a JSON or YAML file.
    if let Some(setting) = words.iter().position(|word| *word == "set-iam-policy")
        && let Some(file) = words.get(setting + 2)
    {
        return iam_policy_file(subject, file, &said(setting + 1));
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

/// What a Google Cloud IAM policy file (`set-iam-policy`, `gsutil iam set`) grants: a role,
/// other than an invoker's, to `allUsers` or `allAuthenticatedUsers`. JSON is read as such; YAML
/// by its lines (`- allUsers`, `role: roles/…`). Administrator roles are not judged: the file is
/// the whole policy, which holds the owners already there.
fn iam_policy_file(subject: &Subject, file: &str, said: &str) -> Option<Found> {
    let text = match file_document(subject, file) {
        Document::Text(text) => text,
        Document::Absent => return None,
        Document::Unknown(what) => {
            return Some((
                &COULD_NOT_VERIFY,
                format!("`{said}` replaces the whole policy with {what}: it could open the resource to everyone"),
            ));
        }
    };
    let public = match serde_json::from_str::<Value>(&text) {
        Ok(policy) => policy
            .get("bindings")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .any(|binding| {
                let role = binding.get("role").and_then(Value::as_str).unwrap_or("");
                let members = binding.get("members").and_then(Value::as_array);
                !GCLOUD_INVOKER_ROLES.contains(&role)
                    && members.into_iter().flatten().filter_map(Value::as_str).any(is_everyone)
            }),
        Err(_) => {
            let value = |line: &str| {
                line.trim()
                    .trim_start_matches("- ")
                    .trim_matches(['"', '\''])
                    .to_owned()
            };
            let everyone = text.lines().any(|line| is_everyone(&value(line)));
            let other_role = text
                .lines()
                .filter_map(|line| line.trim().strip_prefix("role:"))
                .any(|role| !GCLOUD_INVOKER_ROLES.contains(&value(role).as_str()));
            everyone && other_role
        }
    };
    public.then(|| {
        (
            &STORAGE_PUBLIC,
            format!("`{said}` would set a policy that gives a role to `allUsers`: anyone on the internet"),
        )
    })
}

/// Whether an IAM member or ACL entity is everyone (`allUsers`) or every Google account
/// (`allAuthenticatedUsers`).
fn is_everyone(member: &str) -> bool {
    matches!(
        member.to_ascii_lowercase().as_str(),
        "allusers" | "allauthenticatedusers"
    )
}

fn gsutil(subject: &Subject, invocation: &Invocation) -> Option<Found> {
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
        ["iam", "set", file, ..] => iam_policy_file(subject, file, "gsutil iam set"),
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
        // `container-rm` is the same container through the management plane (`Blob`, `Container`).
        [
            "storage",
            "container" | "container-rm",
            "create" | "update" | "set-permission",
            ..,
        ] if invocation
            .value("--public-access")
            .is_some_and(|access| matches!(access.to_ascii_lowercase().as_str(), "blob" | "container")) =>
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

/// MinIO's `mc anonymous set public|download|upload` (and the older `mc policy set`, `mc policy
/// public`): the bucket opened to requests without credentials; `set-json` with a policy file.
fn minio(subject: &Subject, invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let opened = |access: &str| matches!(access, "public" | "download" | "upload");
    let public = |said: String| {
        Some((
            &STORAGE_PUBLIC,
            format!("`mc {said}` would let anyone on the internet reach the bucket without credentials"),
        ))
    };
    match words.as_slice() {
        [command @ ("anonymous" | "policy"), "set", access, ..] if opened(access) => {
            public(format!("{command} set {access}"))
        }
        ["policy", access, ..] if opened(access) => public(format!("policy {access}")),
        [command @ ("anonymous" | "policy"), "set-json", file, ..] => match file_document(subject, file) {
            Document::Text(text) => Policy::parse(&text)
                .is_some_and(|policy| policy.allows_everyone())
                .then(|| public(format!("{command} set-json")))
                .flatten(),
            Document::Absent => None,
            Document::Unknown(what) => Some((
                &COULD_NOT_VERIFY,
                format!(
                    "`mc {command} set-json` sets the bucket's anonymous policy from {what}: it could open the bucket to everyone"
                ),
            )),
        },
        _ => None,
    }
}

/// `s3cmd`: `-P`/`--acl-public` on an upload or ACL change, and `setpolicy FILE`.
fn s3cmd(subject: &Subject, invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let public_acl = invocation.has("--acl-public") || invocation.has_short('P');
    match words.as_slice() {
        [
            command @ ("put" | "sync" | "cp" | "mv" | "modify" | "setacl" | "mb"),
            ..,
        ] if public_acl => Some((
            &STORAGE_PUBLIC,
            format!("`s3cmd {command} --acl-public` would let anyone on the internet read the data"),
        )),
        ["setpolicy", file, ..] => match file_document(subject, file) {
            Document::Text(text) => Policy::parse(&text).filter(Policy::allows_everyone).map(|_| {
                (
                    &STORAGE_PUBLIC,
                    "`s3cmd setpolicy` would let anyone on the internet reach the bucket (`\"Principal\": \"*\"`)"
                        .to_owned(),
                )
            }),
            Document::Absent => None,
            Document::Unknown(what) => Some((
                &COULD_NOT_VERIFY,
                format!("`s3cmd setpolicy` sets the bucket policy in {what}: it could open the bucket to everyone"),
            )),
        },
        _ => None,
    }
}

/// rclone's options that give objects or buckets a public ACL, and the values that do.
const RCLONE_PUBLIC_ACLS: &[(&str, &[&str])] = &[
    ("--s3-acl", &["public-read", "public-read-write", "authenticated-read"]),
    (
        "--s3-bucket-acl",
        &["public-read", "public-read-write", "authenticated-read"],
    ),
    ("--gcs-object-acl", &["publicRead", "authenticatedRead"]),
    (
        "--gcs-bucket-acl",
        &["publicRead", "publicReadWrite", "authenticatedRead"],
    ),
    ("--azureblob-public-access", &["blob", "container"]),
];

/// `rclone copy … --s3-acl public-read` and the like.
fn rclone(invocation: &Invocation) -> Option<Found> {
    RCLONE_PUBLIC_ACLS.iter().find_map(|(option, public)| {
        let value = invocation.value(option)?;
        public.contains(&value).then(|| {
            (
                &STORAGE_PUBLIC,
                format!("`rclone {option} {value}` would let anyone on the internet read what it copies"),
            )
        })
    })
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

/// `oci os bucket create|update --public-access-type ObjectRead…`: Oracle Cloud's bucket
/// readable by anyone (`NoPublicAccess` keeps it private).
fn oracle(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let access = invocation.value("--public-access-type")?;
    (words.starts_with(&["os", "bucket"]) && access.starts_with("ObjectRead")).then(|| {
        (
            &STORAGE_PUBLIC,
            format!("`oci os bucket --public-access-type {access}` would let anyone on the internet read the bucket's objects"),
        )
    })
}

/// Backblaze B2's bucket type `allPublic`, given when a bucket is made or changed (`b2 bucket
/// create|update`, the older `b2 create-bucket|update-bucket`): every file readable by anyone.
fn backblaze(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let changing = matches!(
        words.as_slice(),
        ["bucket", "create" | "update", ..] | ["create-bucket" | "update-bucket", ..]
    );
    (changing && words.contains(&"allPublic")).then(|| {
        (
            &STORAGE_PUBLIC,
            "`b2` would make the bucket `allPublic`: anyone on the internet could download its files".to_owned(),
        )
    })
}

/// `gh repo edit --visibility public`: a private repository's code and history published.
fn github(invocation: &Invocation) -> Option<Found> {
    let words = invocation.words();
    let public = invocation.value("--visibility") == Some("public")
        || invocation.has("--visibility") && words.contains(&"public");
    (words.starts_with(&["repo", "edit"]) && public).then(|| {
        (
            &STORAGE_PUBLIC,
            "`gh repo edit --visibility public` would publish the repository's code and its whole history".to_owned(),
        )
    })
}

/// The options of `gh api` that take a value.
const GH_API_VALUES: &[&str] = &[
    "-X",
    "--method",
    "-f",
    "--raw-field",
    "-F",
    "--field",
    "-H",
    "--header",
    "--input",
    "-q",
    "--jq",
    "-t",
    "--template",
    "--cache",
    "-p",
    "--preview",
    "--hostname",
];

/// `gh api` calls that make someone an administrator (a collaborator, an organization member, a
/// team on a repository) or make a repository public.
fn github_api(subject: &Subject) -> Option<Found> {
    let args: Vec<&str> = subject.command.args().iter().skip(1).map(Word::text).collect();
    let mut method = None;
    let mut fields: Vec<&str> = Vec::new();
    let mut endpoint = None;
    let mut index = 0;
    while index < args.len() {
        let arg = args[index];
        index += 1;
        let (name, attached) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ if arg.len() > 2 && (arg.starts_with("-X") || arg.starts_with("-f") || arg.starts_with("-F")) => {
                (&arg[..2], Some(&arg[2..]))
            }
            _ => (arg, None),
        };
        if !GH_API_VALUES.contains(&name) {
            if !arg.starts_with('-') && endpoint.is_none() {
                endpoint = Some(arg);
            }
            continue;
        }
        let value = attached.or_else(|| {
            index += 1;
            args.get(index - 1).copied()
        });
        match name {
            "-X" | "--method" => method = value,
            "-f" | "--raw-field" | "-F" | "--field" => fields.extend(value),
            _ => {}
        }
    }
    let endpoint = endpoint?
        .trim_start_matches("https://api.github.com")
        .trim_start_matches('/');
    let segments: Vec<&str> = endpoint.split('?').next()?.split('/').collect();
    let method = method.map(str::to_ascii_uppercase);
    let field = |key: &str, value: &str| fields.iter().any(|field| field.split_once('=') == Some((key, value)));
    let put = method.as_deref() == Some("PUT");
    let admin = match segments.as_slice() {
        ["repos", _, _, "collaborators", _] => put && field("permission", "admin"),
        ["orgs", _, "memberships", _] => put && field("role", "admin"),
        ["orgs", _, "teams", _, "repos", _, _] | ["teams", _, "repos", _, _] => put && field("permission", "admin"),
        ["repos", _, _] if method.as_deref() == Some("PATCH") || method.is_none() && !fields.is_empty() => {
            return (field("private", "false") || field("visibility", "public")).then(|| {
                (
                    &STORAGE_PUBLIC,
                    format!("`gh api {endpoint}` would publish the repository's code and its whole history"),
                )
            });
        }
        _ => false,
    };
    admin.then(|| {
        (
            &ADMIN_GRANT,
            format!("`gh api -X PUT {endpoint}` would give administrator rights: settings, secrets and deletion"),
        )
    })
}

/// `gpg --delete-secret-keys` and `--delete-secret-and-public-keys` (and the abbreviations gpg
/// accepts): the private keys are gone, and what was encrypted to them with them. Deleting only
/// public keys (`--delete-keys`) loses nothing that cannot be imported again.
fn gpg(name: &str, invocation: &Invocation) -> Option<Found> {
    let deleting = invocation
        .options()
        .iter()
        .any(|option| option.name.starts_with("--delete-secret"));
    deleting.then(|| {
        (
            &KEY_DESTRUCTION,
            format!(
                "`{name} --delete-secret-keys` would delete private keys: what was encrypted to them could never be read again"
            ),
        )
    })
}

/// `keytool -delete`: an entry of a keystore, such as the key an Android app is signed with,
/// which cannot be made again. Removing a certificate from a trust store (`-cacerts`, a
/// `cacerts` or trust store file) loses no key.
fn keytool(invocation: &Invocation) -> Option<Found> {
    let trust_store = invocation.has("-cacerts")
        || invocation
            .value("-keystore")
            .is_some_and(|keystore| keystore.contains("cacerts") || keystore.contains("truststore"));
    (invocation.has("-delete") && !trust_store).then(|| {
        (
            &KEY_DESTRUCTION,
            "`keytool -delete` would delete a keystore entry: a signing key cannot be made again".to_owned(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::CHECKER;
    use super::stores::DELETIONS;
    use crate::checks::Applies;

    #[test]
    fn every_secret_store_is_a_program_the_checker_applies_to() {
        let Applies::Commands(names) = CHECKER.applies else {
            panic!("the cloud checker applies to named programs");
        };
        for deletion in DELETIONS {
            for program in deletion.programs {
                assert!(names.contains(program), "{program} is not in the checker's programs");
            }
        }
    }
}
