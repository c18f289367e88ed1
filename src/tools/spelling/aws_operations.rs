//! The options of the awscli service commands whose options the checks read (`--policy`,
//! `--acl`, `--backup-retention-period`, `--with-decryption`…), for writing out their
//! beginnings as awscli's argparse parser does (`--backup-retention 0` is
//! `--backup-retention-period 0`).
//!
//! Taken from awscli 1.46.3's own argument tables (each operation's `arg_table`, its
//! customizations and `--no-` flags included): the operations where a check reads an option,
//! and of each only the options that begin with the letter of one the checks read, since a
//! beginning of any other option could never be written out as one of those. A check that reads
//! a new awscli option adds that option's operations here. Sorted by `service operation`.

/// `("service operation", "option option= …")`, `=` after an option that takes a value.
pub const AWS_OPERATIONS: &[(&str, &str)] = &[
    (
        "accessanalyzer check-access-not-granted",
        "policy-document= policy-type=",
    ),
    ("accessanalyzer check-no-public-access", "policy-document="),
    (
        "accessanalyzer validate-policy",
        "page-size= policy-document= policy-type=",
    ),
    ("acm-pca create-permission", "principal="),
    ("acm-pca delete-permission", "principal="),
    ("acm-pca put-policy", "policy="),
    ("aiops put-investigation-group-policy", "policy="),
    ("amp put-resource-policy", "policy-document="),
    ("apigateway create-domain-name", "policy="),
    ("apigateway create-rest-api", "policy="),
    (
        "apigatewayv2 put-portal-product-sharing-policy",
        "policy-document= portal-product-id=",
    ),
    ("appstream create-entitlement", "app-visibility= attributes="),
    ("appstream update-entitlement", "app-visibility= attributes="),
    ("backup put-backup-vault-access-policy", "policy="),
    ("bedrock put-resource-policy", "resource-arn= resource-policy="),
    ("bedrock-agent put-resource-policy", "policy="),
    (
        "bedrock-agentcore-control create-agent-runtime",
        "lifecycle-configuration=",
    ),
    ("bedrock-agentcore-control put-resource-policy", "policy="),
    (
        "bedrock-agentcore-control update-agent-runtime",
        "lifecycle-configuration=",
    ),
    ("clouddirectory attach-typed-link", "attributes="),
    ("clouddirectory create-facet", "attributes="),
    ("cloudfront put-resource-policy", "policy-document="),
    ("cloudhsmv2 put-resource-policy", "policy="),
    ("cloudsearch update-service-access-policies", "access-policies="),
    ("cloudtrail put-resource-policy", "resource-arn= resource-policy="),
    (
        "codeartifact put-domain-permissions-policy",
        "policy-document= policy-revision=",
    ),
    (
        "codeartifact put-repository-permissions-policy",
        "policy-document= policy-revision=",
    ),
    ("codebuild put-resource-policy", "policy="),
    (
        "cognito-idp get-user-attribute-verification-code",
        "access-token= attribute-name=",
    ),
    ("cognito-idp verify-user-attribute", "access-token= attribute-name="),
    ("comprehend put-resource-policy", "resource-arn= resource-policy="),
    ("connect create-contact", "attributes="),
    ("connect delete-data-table-attribute", "attribute-name="),
    ("connect describe-data-table-attribute", "attribute-name="),
    ("connect start-chat-contact", "attributes="),
    (
        "connect start-email-contact",
        "additional-recipients= attachments= attributes=",
    ),
    ("connect start-outbound-chat-contact", "attributes="),
    (
        "connect start-outbound-voice-contact",
        "answer-machine-detection-config= attributes=",
    ),
    ("connect start-task-contact", "attachments= attributes="),
    ("connect start-web-rtc-contact", "allowed-capabilities= attributes="),
    ("connect update-contact-attributes", "attributes="),
    ("connect update-data-table-attribute", "attribute-name="),
    ("connectcases create-field", "attributes="),
    ("connectcases update-field", "attributes="),
    (
        "customer-profiles create-profile",
        "account-number= additional-information= address= attributes=",
    ),
    (
        "customer-profiles get-object-type-attribute-statistics",
        "attribute-name=",
    ),
    ("customer-profiles list-object-type-attribute-values", "attribute-name="),
    ("customer-profiles list-profile-attribute-values", "attribute-name="),
    (
        "customer-profiles update-profile",
        "account-number= additional-information= address= attributes=",
    ),
    ("datazone add-policy-grant", "policy-type= principal="),
    ("datazone batch-put-attributes-metadata", "attributes="),
    ("datazone remove-policy-grant", "policy-type= principal="),
    ("dms create-instance-profile", "publicly-accessible"),
    (
        "dms create-replication-instance",
        "preferred-maintenance-window= publicly-accessible",
    ),
    ("dms modify-instance-profile", "publicly-accessible"),
    (
        "docdb create-db-cluster",
        "backup-retention-period= network-type= no-deletion-protection no-manage-master-user-password \
         no-storage-encrypted",
    ),
    (
        "docdb create-global-cluster",
        "no-deletion-protection no-storage-encrypted",
    ),
    (
        "docdb modify-db-cluster",
        "backup-retention-period= network-type= new-db-cluster-identifier= no-allow-major-version-upgrade \
         no-apply-immediately no-deletion-protection no-manage-master-user-password \
         no-rotate-master-user-password",
    ),
    ("docdb modify-db-cluster-snapshot-attribute", "attribute-name="),
    (
        "docdb modify-global-cluster",
        "new-global-cluster-identifier= no-deletion-protection",
    ),
    (
        "docdb restore-db-cluster-from-snapshot",
        "network-type= no-deletion-protection",
    ),
    (
        "docdb restore-db-cluster-to-point-in-time",
        "network-type= no-deletion-protection no-use-latest-restorable-time",
    ),
    ("docdb-elastic create-cluster", "backup-retention-period="),
    ("docdb-elastic update-cluster", "backup-retention-period="),
    (
        "dsql create-cluster",
        "bypass-policy-lockout-safety-check no-bypass-policy-lockout-safety-check \
         no-deletion-protection-enabled policy=",
    ),
    ("dsql put-cluster-policy", "bypass-policy-lockout-safety-check policy="),
    ("dsql update-cluster", "no-deletion-protection-enabled"),
    (
        "dynamodb create-table",
        "no-deletion-protection-enabled resource-policy=",
    ),
    ("dynamodb put-resource-policy", "policy="),
    ("dynamodb update-table", "no-deletion-protection-enabled"),
    (
        "ec2 authorize-security-group-ingress",
        "cidr-ip= cidr= cli-input-json= ip-permissions= ip-protocol= port= protocol=",
    ),
    ("ec2 bundle-instance", "policy= prefix="),
    ("ec2 create-verified-access-endpoint", "policy-document="),
    ("ec2 create-verified-access-group", "policy-document="),
    ("ec2 create-vpc-endpoint", "policy-document= private-dns-enabled"),
    (
        "ec2 modify-fpga-image-attribute",
        "attribute= load-permission= operation-type= user-groups= user-ids=",
    ),
    (
        "ec2 modify-image-attribute",
        "attribute= launch-permission= operation-type= organization-arns= organizational-unit-arns= \
         user-groups= user-ids=",
    ),
    (
        "ec2 modify-instance-attribute",
        "no-disable-api-stop= no-disable-api-termination= no-dry-run no-ebs-optimized= no-ena-support= \
         no-source-dest-check=",
    ),
    ("ec2 modify-security-group-rules", "security-group-rules="),
    (
        "ec2 modify-snapshot-attribute",
        "attribute= cli-input-json= create-volume-permission= generate-cli-skeleton= group-names= \
         operation-type=",
    ),
    (
        "ec2 modify-verified-access-endpoint-policy",
        "policy-document= policy-enabled",
    ),
    (
        "ec2 modify-verified-access-group-policy",
        "policy-document= policy-enabled",
    ),
    ("ec2 modify-vpc-endpoint", "policy-document= private-dns-enabled"),
    ("ecr put-registry-policy", "policy-text="),
    ("ecr set-repository-policy", "policy-text="),
    ("ecr-public set-repository-policy", "policy-text="),
    ("ecs delete-attributes", "attributes="),
    ("ecs list-attributes", "attribute-name= attribute-value="),
    ("ecs put-attributes", "attributes="),
    ("ecs register-container-instance", "attributes="),
    (
        "efs put-file-system-policy",
        "bypass-policy-lockout-safety-check policy=",
    ),
    (
        "eks create-cluster",
        "name= no-bootstrap-self-managed-addons no-deletion-protection",
    ),
    ("eks create-pod-identity-association", "policy="),
    ("eks update-cluster-config", "name= no-deletion-protection"),
    ("eks update-pod-identity-association", "policy="),
    ("elbv2 modify-listener-attributes", "attributes="),
    ("elbv2 modify-load-balancer-attributes", "attributes="),
    ("elbv2 modify-target-group-attributes", "attributes="),
    ("entityresolution add-policy-statement", "principal="),
    ("entityresolution put-policy", "policy="),
    (
        "es create-elasticsearch-domain",
        "access-policies= advanced-options= advanced-security-options= auto-tune-options= \
         automated-snapshot-pause-options=",
    ),
    (
        "es update-elasticsearch-domain-config",
        "access-policies= advanced-options= advanced-security-options= auto-tune-options= \
         automated-snapshot-pause-options=",
    ),
    ("events put-permission", "policy= principal="),
    ("fms put-policy", "policy="),
    ("glacier initiate-vault-lock", "policy="),
    ("glacier set-data-retrieval-policy", "policy="),
    ("glacier set-vault-access-policy", "policy="),
    (
        "glue put-resource-policy",
        "policy-exists-condition= policy-hash-condition= policy-in-json=",
    ),
    ("iam add-user-to-group", "generate-cli-skeleton= group-name="),
    ("iam attach-group-policy", "policy-arn="),
    ("iam attach-role-policy", "policy-arn="),
    ("iam attach-user-policy", "policy-arn="),
    ("iam create-policy", "path= policy-document= policy-name="),
    (
        "iam create-policy-version",
        "policy-arn= policy-document= set-as-default",
    ),
    ("iam create-role", "assume-role-policy-document="),
    ("iam put-group-policy", "policy-document= policy-name="),
    ("iam put-role-policy", "policy-document= policy-name="),
    ("iam put-user-policy", "policy-document= policy-name="),
    (
        "iam simulate-custom-policy",
        "resource-arns= resource-handling-option= resource-owner= resource-policy=",
    ),
    (
        "iam simulate-principal-policy",
        "resource-arns= resource-handling-option= resource-owner= resource-policy=",
    ),
    ("iam update-assume-role-policy", "policy-document="),
    ("imagebuilder put-component-policy", "policy="),
    ("imagebuilder put-container-recipe-policy", "policy="),
    ("imagebuilder put-image-policy", "policy="),
    ("imagebuilder put-image-recipe-policy", "policy="),
    ("inspector add-attributes-to-findings", "attributes="),
    ("iot attach-principal-policy", "policy-name= principal="),
    ("iot attach-thing-principal", "principal="),
    ("iot create-package-version", "artifact= attributes="),
    ("iot create-policy", "policy-document= policy-name="),
    (
        "iot create-policy-version",
        "policy-document= policy-name= set-as-default",
    ),
    ("iot create-provisioning-template-version", "set-as-default"),
    ("iot detach-principal-policy", "policy-name= principal="),
    ("iot detach-thing-principal", "principal="),
    ("iot get-effective-policies", "principal="),
    ("iot list-principal-policies", "page-size= principal="),
    ("iot list-principal-things", "page-size= principal="),
    ("iot list-principal-things-v2", "page-size= principal="),
    ("iot list-things", "attribute-name= attribute-value="),
    (
        "iot test-authorization",
        "policy-names-to-add= policy-names-to-skip= principal=",
    ),
    ("iot update-package-version", "action= artifact= attributes="),
    ("iotfleetwise create-vehicle", "association-behavior= attributes="),
    ("iotfleetwise update-vehicle", "attribute-update-mode= attributes="),
    ("ivs-realtime create-ingest-configuration", "attributes="),
    ("ivs-realtime create-participant-token", "attributes="),
    ("ivs-realtime start-participant-replication", "attributes="),
    ("ivschat create-chat-token", "attributes="),
    ("ivschat send-event", "attributes="),
    ("kafka put-cluster-policy", "policy="),
    ("kinesis put-resource-policy", "policy="),
    ("kms create-key", "bypass-policy-lockout-safety-check policy="),
    (
        "kms put-key-policy",
        "bypass-policy-lockout-safety-check policy-name= policy=",
    ),
    ("kms replicate-key", "bypass-policy-lockout-safety-check policy="),
    ("lakeformation create-lake-formation-opt-in", "principal="),
    ("lakeformation delete-lake-formation-opt-in", "principal="),
    (
        "lakeformation grant-permissions",
        "permissions-with-grant-option= permissions= principal=",
    ),
    ("lakeformation list-lake-formation-opt-ins", "principal="),
    ("lakeformation list-permissions", "principal="),
    (
        "lakeformation revoke-permissions",
        "permissions-with-grant-option= permissions= principal=",
    ),
    ("lambda add-layer-version-permission", "organization-id= principal="),
    (
        "lambda add-permission",
        "action= function-name= function-url-auth-type= principal-org-id= principal=",
    ),
    ("lexv2-models create-resource-policy", "policy="),
    ("lexv2-models create-resource-policy-statement", "principal="),
    ("lexv2-models list-utterance-metrics", "attributes="),
    ("lexv2-models update-resource-policy", "policy="),
    (
        "lightsail create-relational-database",
        "preferred-backup-window= preferred-maintenance-window= publicly-accessible",
    ),
    (
        "lightsail create-relational-database-from-snapshot",
        "publicly-accessible",
    ),
    (
        "lightsail update-load-balancer-attribute",
        "attribute-name= attribute-value=",
    ),
    (
        "lightsail update-relational-database",
        "preferred-backup-window= preferred-maintenance-window= publicly-accessible",
    ),
    ("logs create-log-group", "no-deletion-protection-enabled"),
    ("logs put-account-policy", "policy-document= policy-name= policy-type="),
    ("logs put-data-protection-policy", "policy-document="),
    ("logs put-index-policy", "policy-document="),
    (
        "logs put-log-group-deletion-protection",
        "no-deletion-protection-enabled",
    ),
    ("logs put-resource-policy", "policy-document= policy-name="),
    ("lookoutequipment put-resource-policy", "resource-arn= resource-policy="),
    (
        "m2 create-environment",
        "preferred-maintenance-window= publicly-accessible",
    ),
    ("marketplace-catalog put-resource-policy", "policy="),
    ("mediaconnect update-flow-media-stream", "attributes="),
    ("mediaconvert put-policy", "policy="),
    ("mediapackagev2 put-channel-policy", "policy="),
    ("mediapackagev2 put-origin-endpoint-policy", "policy="),
    ("mediastore put-container-policy", "policy="),
    ("mediatailor put-channel-policy", "policy="),
    ("migration-hub-refactor-spaces put-resource-policy", "policy="),
    ("mq create-broker", "publicly-accessible"),
    (
        "neptune create-db-cluster",
        "backup-retention-period= network-type= no-copy-tags-to-snapshot no-deletion-protection \
         no-enable-iam-database-authentication no-storage-encrypted",
    ),
    (
        "neptune create-db-instance",
        "backup-retention-period= no-auto-minor-version-upgrade no-copy-tags-to-snapshot \
         no-deletion-protection no-enable-iam-database-authentication no-enable-performance-insights \
         no-multi-az no-publicly-accessible no-storage-encrypted performance-insights-kms-key-id= port= \
         preferred-backup-window= preferred-maintenance-window= promotion-tier= publicly-accessible",
    ),
    (
        "neptune create-global-cluster",
        "no-deletion-protection no-storage-encrypted",
    ),
    (
        "neptune modify-db-cluster",
        "backup-retention-period= network-type= new-db-cluster-identifier= no-allow-major-version-upgrade \
         no-apply-immediately no-copy-tags-to-snapshot no-deletion-protection \
         no-enable-iam-database-authentication",
    ),
    ("neptune modify-db-cluster-snapshot-attribute", "attribute-name="),
    (
        "neptune modify-db-instance",
        "backup-retention-period= new-db-instance-identifier= no-allow-major-version-upgrade \
         no-apply-immediately no-auto-minor-version-upgrade no-copy-tags-to-snapshot no-deletion-protection \
         no-enable-iam-database-authentication no-enable-performance-insights no-multi-az \
         no-publicly-accessible performance-insights-kms-key-id= preferred-backup-window= \
         preferred-maintenance-window= promotion-tier= publicly-accessible",
    ),
    (
        "neptune modify-global-cluster",
        "new-global-cluster-identifier= no-allow-major-version-upgrade no-deletion-protection",
    ),
    (
        "neptune restore-db-cluster-from-snapshot",
        "network-type= no-copy-tags-to-snapshot no-deletion-protection no-enable-iam-database-authentication",
    ),
    (
        "neptune restore-db-cluster-to-point-in-time",
        "network-type= no-deletion-protection no-enable-iam-database-authentication \
         no-use-latest-restorable-time",
    ),
    (
        "neptune-graph create-graph",
        "no-deletion-protection no-public-connectivity",
    ),
    (
        "neptune-graph create-graph-using-import-task",
        "no-deletion-protection no-fail-on-error no-public-connectivity",
    ),
    (
        "neptune-graph restore-graph-from-snapshot",
        "no-deletion-protection no-public-connectivity",
    ),
    (
        "neptune-graph update-graph",
        "no-deletion-protection no-public-connectivity",
    ),
    ("network-firewall put-resource-policy", "policy="),
    ("networkmanager create-core-network", "policy-document="),
    ("networkmanager put-core-network-policy", "policy-document="),
    ("networkmanager put-resource-policy", "policy-document="),
    ("oam put-sink-policy", "policy="),
    (
        "opensearch create-domain",
        "access-policies= advanced-options= advanced-security-options= aiml-options= auto-tune-options= \
         automated-snapshot-pause-options=",
    ),
    ("opensearch put-default-application-setting", "set-as-default"),
    (
        "opensearch update-domain-config",
        "access-policies= advanced-options= advanced-security-options= aiml-options= auto-tune-options= \
         automated-snapshot-pause-options=",
    ),
    ("opensearchserverless create-access-policy", "policy="),
    ("opensearchserverless create-lifecycle-policy", "policy="),
    ("opensearchserverless create-security-policy", "policy="),
    ("opensearchserverless update-access-policy", "policy-version= policy="),
    (
        "opensearchserverless update-lifecycle-policy",
        "policy-version= policy=",
    ),
    ("opensearchserverless update-security-policy", "policy-version= policy="),
    ("osis put-resource-policy", "policy="),
    ("payment-cryptography put-resource-policy", "policy="),
    (
        "pinpoint-sms-voice-v2 create-notify-configuration",
        "no-deletion-protection-enabled",
    ),
    ("pinpoint-sms-voice-v2 create-pool", "no-deletion-protection-enabled"),
    (
        "pinpoint-sms-voice-v2 create-protect-configuration",
        "no-deletion-protection-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 create-rcs-agent",
        "no-deletion-protection-enabled",
    ),
    ("pinpoint-sms-voice-v2 put-resource-policy", "policy="),
    (
        "pinpoint-sms-voice-v2 request-phone-number",
        "no-deletion-protection-enabled no-international-sending-enabled number-capabilities= number-type=",
    ),
    (
        "pinpoint-sms-voice-v2 request-sender-id",
        "no-deletion-protection-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 update-notify-configuration",
        "no-deletion-protection-enabled notify-configuration-id=",
    ),
    (
        "pinpoint-sms-voice-v2 update-phone-number",
        "no-deletion-protection-enabled no-international-sending-enabled no-self-managed-opt-outs-enabled \
         no-two-way-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 update-pool",
        "no-deletion-protection-enabled no-self-managed-opt-outs-enabled no-shared-routes-enabled \
         no-two-way-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 update-protect-configuration",
        "no-deletion-protection-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 update-rcs-agent",
        "no-deletion-protection-enabled no-self-managed-opt-outs-enabled no-two-way-enabled",
    ),
    (
        "pinpoint-sms-voice-v2 update-sender-id",
        "no-deletion-protection-enabled",
    ),
    ("pricing get-attribute-values", "attribute-name="),
    ("qbusiness associate-permission", "principal="),
    ("qbusiness create-data-accessor", "principal="),
    ("qbusiness create-subscription", "principal="),
    ("qconnect render-message-template", "attributes="),
    ("qconnect search-quick-responses", "attributes="),
    ("ram get-resource-policies", "page-size= principal="),
    ("ram get-resource-share-associations", "page-size= principal="),
    ("ram list-resources", "page-size= principal="),
    (
        "rds create-db-cluster",
        "backtrack-window= backup-retention-period= network-type= no-auto-minor-version-upgrade \
         no-copy-tags-to-snapshot no-deletion-protection no-enable-global-write-forwarding \
         no-enable-http-endpoint no-enable-iam-database-authentication no-enable-limitless-database \
         no-enable-local-write-forwarding no-enable-performance-insights no-manage-master-user-password \
         no-publicly-accessible no-storage-encrypted no-with-express-configuration \
         performance-insights-kms-key-id= performance-insights-retention-period= port= pre-signed-url= \
         preferred-backup-window= preferred-maintenance-window= publicly-accessible",
    ),
    (
        "rds create-db-instance",
        "backup-retention-period= backup-target= nchar-character-set-name= network-type= \
         no-auto-minor-version-upgrade no-copy-tags-to-snapshot no-dedicated-log-volume \
         no-deletion-protection no-enable-customer-owned-ip no-enable-iam-database-authentication \
         no-enable-performance-insights no-manage-master-user-password no-multi-az no-multi-tenant \
         no-publicly-accessible no-storage-encrypted performance-insights-kms-key-id= \
         performance-insights-retention-period= port= preferred-backup-window= preferred-maintenance-window= \
         processor-features= promotion-tier= publicly-accessible",
    ),
    (
        "rds create-db-instance-read-replica",
        "network-type= no-auto-minor-version-upgrade no-copy-tags-to-snapshot no-dedicated-log-volume \
         no-deletion-protection no-enable-customer-owned-ip no-enable-iam-database-authentication \
         no-enable-performance-insights no-multi-az no-publicly-accessible no-upgrade-storage-config \
         no-use-default-processor-features performance-insights-kms-key-id= \
         performance-insights-retention-period= port= pre-signed-url= processor-features= publicly-accessible",
    ),
    ("rds create-db-shard-group", "publicly-accessible"),
    (
        "rds create-global-cluster",
        "no-deletion-protection no-storage-encrypted",
    ),
    (
        "rds modify-db-cluster",
        "backtrack-window= backup-retention-period= network-type= new-db-cluster-identifier= \
         no-allow-engine-mode-change no-allow-major-version-upgrade no-apply-immediately \
         no-auto-minor-version-upgrade no-copy-tags-to-snapshot no-deletion-protection \
         no-enable-global-write-forwarding no-enable-http-endpoint no-enable-iam-database-authentication \
         no-enable-limitless-database no-enable-local-write-forwarding no-enable-performance-insights \
         no-manage-master-user-password no-rotate-master-user-password",
    ),
    (
        "rds modify-db-cluster-snapshot-attribute",
        "attribute-name= values-to-add= values-to-remove=",
    ),
    (
        "rds modify-db-instance",
        "backup-retention-period= network-type= new-db-instance-identifier= no-allow-major-version-upgrade \
         no-apply-immediately no-auto-minor-version-upgrade no-certificate-rotation-restart \
         no-copy-tags-to-snapshot no-dedicated-log-volume no-deletion-protection no-disable-domain \
         no-enable-customer-owned-ip no-enable-iam-database-authentication no-enable-performance-insights \
         no-manage-master-user-password no-multi-az no-multi-tenant no-publicly-accessible \
         no-rotate-master-user-password no-use-default-processor-features performance-insights-kms-key-id= \
         performance-insights-retention-period= preferred-backup-window= preferred-maintenance-window= \
         processor-features= promotion-tier= publicly-accessible",
    ),
    (
        "rds modify-db-snapshot-attribute",
        "attribute-name= values-to-add= values-to-remove=",
    ),
    (
        "rds modify-global-cluster",
        "new-global-cluster-identifier= no-allow-major-version-upgrade no-deletion-protection",
    ),
    ("rds promote-read-replica", "backup-retention-period="),
    (
        "rds restore-db-cluster-from-s3",
        "backtrack-window= backup-retention-period= network-type= no-copy-tags-to-snapshot \
         no-deletion-protection no-enable-iam-database-authentication no-manage-master-user-password \
         no-storage-encrypted",
    ),
    (
        "rds restore-db-cluster-from-snapshot",
        "backtrack-window= backup-retention-period= network-type= no-copy-tags-to-snapshot \
         no-deletion-protection no-enable-iam-database-authentication no-enable-internet-access-gateway \
         no-enable-performance-insights no-enable-vpc-networking no-publicly-accessible \
         performance-insights-kms-key-id= performance-insights-retention-period= port= \
         preferred-backup-window= publicly-accessible",
    ),
    (
        "rds restore-db-cluster-to-point-in-time",
        "backtrack-window= backup-retention-period= network-type= no-copy-tags-to-snapshot \
         no-deletion-protection no-enable-iam-database-authentication no-enable-internet-access-gateway \
         no-enable-performance-insights no-enable-vpc-networking no-publicly-accessible \
         no-use-latest-restorable-time performance-insights-kms-key-id= \
         performance-insights-retention-period= port= preferred-backup-window= publicly-accessible",
    ),
    (
        "rds restore-db-instance-from-db-snapshot",
        "backup-retention-period= backup-target= network-type= no-auto-minor-version-upgrade \
         no-copy-tags-to-snapshot no-dedicated-log-volume no-deletion-protection no-enable-customer-owned-ip \
         no-enable-iam-database-authentication no-manage-master-user-password no-multi-az \
         no-publicly-accessible no-use-default-processor-features port= preferred-backup-window= \
         processor-features= publicly-accessible",
    ),
    (
        "rds restore-db-instance-from-s3",
        "backup-retention-period= network-type= no-auto-minor-version-upgrade no-copy-tags-to-snapshot \
         no-dedicated-log-volume no-deletion-protection no-enable-iam-database-authentication \
         no-enable-performance-insights no-manage-master-user-password no-multi-az no-publicly-accessible \
         no-storage-encrypted no-use-default-processor-features performance-insights-kms-key-id= \
         performance-insights-retention-period= port= preferred-backup-window= preferred-maintenance-window= \
         processor-features= publicly-accessible",
    ),
    (
        "rds restore-db-instance-to-point-in-time",
        "backup-retention-period= backup-target= network-type= no-auto-minor-version-upgrade \
         no-copy-tags-to-snapshot no-dedicated-log-volume no-deletion-protection no-enable-customer-owned-ip \
         no-enable-iam-database-authentication no-manage-master-user-password no-multi-az \
         no-publicly-accessible no-use-default-processor-features no-use-latest-restorable-time port= \
         preferred-backup-window= processor-features= publicly-accessible",
    ),
    (
        "rds start-db-instance-automated-backups-replication",
        "backup-retention-period=",
    ),
    ("rds-data batch-execute-statement", "schema= secret-arn= sql="),
    ("rds-data execute-statement", "schema= secret-arn= sql="),
    (
        "redshift create-cluster",
        "port= preferred-maintenance-window= publicly-accessible",
    ),
    (
        "redshift modify-cluster",
        "port= preferred-maintenance-window= publicly-accessible",
    ),
    ("redshift put-resource-policy", "policy="),
    (
        "redshift restore-from-cluster-snapshot",
        "port= preferred-maintenance-window= publicly-accessible",
    ),
    (
        "redshift-data execute-statement",
        "secret-arn= session-id= session-keep-alive-seconds= sql= statement-name=",
    ),
    (
        "redshift-serverless create-workgroup",
        "port= price-performance-target= publicly-accessible",
    ),
    ("redshift-serverless put-resource-policy", "policy="),
    (
        "redshift-serverless update-workgroup",
        "port= price-performance-target= publicly-accessible",
    ),
    ("rekognition detect-faces", "attributes="),
    (
        "rekognition put-project-policy",
        "policy-document= policy-name= policy-revision-id= project-arn=",
    ),
    (
        "resiliencehub create-resiliency-policy",
        "policy-description= policy-name= policy=",
    ),
    (
        "resiliencehub update-resiliency-policy",
        "policy-arn= policy-description= policy-name= policy=",
    ),
    ("rtbfabric accept-link", "attributes="),
    ("rtbfabric create-inbound-external-link", "attributes="),
    ("rtbfabric create-link", "attributes="),
    ("rtbfabric create-outbound-external-link", "attributes="),
    ("rum put-resource-policy", "policy-document= policy-revision-id="),
    (
        "s3api copy-object",
        "acl= annotation-directive= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= \
         grant-write-acp=",
    ),
    (
        "s3api create-bucket",
        "acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= grant-write-acp= \
         grant-write=",
    ),
    (
        "s3api create-multipart-upload",
        "acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= grant-write-acp=",
    ),
    (
        "s3api put-bucket-acl",
        "access-control-policy= acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= \
         grant-write-acp= grant-write=",
    ),
    ("s3api put-bucket-lifecycle", "lifecycle-configuration="),
    ("s3api put-bucket-lifecycle-configuration", "lifecycle-configuration="),
    ("s3api put-bucket-policy", "policy="),
    ("s3api put-bucket-versioning", "versioning-configuration="),
    (
        "s3api put-object",
        "acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= grant-write-acp=",
    ),
    (
        "s3api put-object-acl",
        "access-control-policy= acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= \
         grant-write-acp= grant-write=",
    ),
    ("s3api put-public-access-block", "public-access-block-configuration="),
    ("s3control create-access-point", "public-access-block-configuration="),
    (
        "s3control create-bucket",
        "acl= generate-cli-skeleton= grant-full-control= grant-read-acp= grant-read= grant-write-acp= \
         grant-write=",
    ),
    ("s3control put-access-grants-instance-resource-policy", "policy="),
    ("s3control put-access-point-policy", "policy="),
    ("s3control put-access-point-policy-for-object-lambda", "policy="),
    (
        "s3control put-bucket-lifecycle-configuration",
        "lifecycle-configuration=",
    ),
    ("s3control put-bucket-policy", "policy="),
    ("s3control put-bucket-versioning", "versioning-configuration="),
    (
        "s3control put-public-access-block",
        "public-access-block-configuration=",
    ),
    ("s3files put-file-system-policy", "policy="),
    ("s3tables put-table-bucket-policy", "resource-policy="),
    ("s3tables put-table-policy", "resource-policy="),
    ("s3vectors put-vector-bucket-policy", "policy="),
    ("sagemaker put-model-package-group-policy", "resource-policy="),
    ("schemas put-resource-policy", "policy="),
    ("sdb delete-attributes", "attributes="),
    ("sdb put-attributes", "attributes="),
    ("secretsmanager put-resource-policy", "resource-policy="),
    ("secretsmanager validate-resource-policy", "resource-policy="),
    ("servicecatalog-appregistry create-attribute-group", "attributes="),
    (
        "servicecatalog-appregistry update-attribute-group",
        "attribute-group= attributes=",
    ),
    ("servicediscovery delete-service-attributes", "attributes="),
    ("servicediscovery register-instance", "attributes="),
    ("servicediscovery update-service-attributes", "attributes="),
    ("ses put-identity-policy", "policy-name= policy="),
    ("sesv2 create-email-identity-policy", "policy-name= policy="),
    ("sesv2 update-email-identity-policy", "policy-name= policy="),
    (
        "signer add-profile-permission",
        "principal= profile-name= profile-version=",
    ),
    ("sns create-platform-application", "attributes="),
    ("sns create-platform-endpoint", "attributes="),
    ("sns create-topic", "attributes="),
    ("sns get-sms-attributes", "attributes="),
    ("sns set-endpoint-attributes", "attributes="),
    ("sns set-platform-application-attributes", "attributes="),
    ("sns set-sms-attributes", "attributes="),
    ("sns set-subscription-attributes", "attribute-name= attribute-value="),
    ("sns set-topic-attributes", "attribute-name= attribute-value="),
    ("sns subscribe", "attributes="),
    ("sqs create-queue", "attributes="),
    ("sqs set-queue-attributes", "attributes="),
    ("ssm get-parameter", "with-decryption"),
    ("ssm get-parameter-history", "with-decryption"),
    ("ssm get-parameters", "with-decryption"),
    ("ssm get-parameters-by-path", "with-decryption"),
    (
        "ssm modify-document-permission",
        "account-ids-to-add= account-ids-to-remove= permission-type=",
    ),
    ("ssm put-resource-policy", "policy-hash= policy-id= policy="),
    ("ssm-contacts put-contact-policy", "policy="),
    ("ssm-incidents put-resource-policy", "policy="),
    ("sts assume-role", "policy-arns= policy= provided-contexts="),
    ("sts assume-role-with-saml", "policy-arns= policy= principal-arn="),
    ("sts assume-role-with-web-identity", "policy-arns= policy= provider-id="),
    ("sts get-federation-token", "policy-arns= policy="),
    (
        "timestream-influxdb create-db-cluster",
        "password= port= publicly-accessible",
    ),
    (
        "timestream-influxdb create-db-instance",
        "password= port= publicly-accessible",
    ),
    ("transfer create-access", "policy= posix-profile="),
    ("transfer create-user", "policy= posix-profile="),
    ("transfer update-access", "policy= posix-profile="),
    ("transfer update-user", "policy= posix-profile="),
    ("verifiedpermissions is-authorized", "policy-store-id= principal="),
    ("vpc-lattice put-auth-policy", "policy="),
    ("vpc-lattice put-resource-policy", "policy="),
    ("waf put-permission-policy", "policy="),
    ("waf-regional put-permission-policy", "policy="),
    ("wafv2 put-permission-policy", "policy="),
    ("wisdom search-quick-responses", "attributes="),
    (
        "xray put-resource-policy",
        "policy-document= policy-name= policy-revision-id=",
    ),
];
