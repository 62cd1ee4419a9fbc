"""
moto in server mode, as the deploy check (scripts/deploy/emulated.ts) runs it: an AWS emulator on one
machine that the CDK CLI deploys to through AWS_ENDPOINT_URL.

moto's CloudFormation creates the resource types it has models for and skips the others. Three things
are added here; nothing else of moto is changed:

- Resource types moto's CloudFormation lacks but whose service moto emulates are created through that
  service's own moto backend, as CloudFormation would create them: the global table (a table in its one
  region, with its stream), Secrets Manager secrets, the Scheduler group, the Synthetics canary (its
  configuration: moto runs no canary), queue policies, functions' asynchronous
  invocation settings, and the CDK's own custom resources whose handlers only call AWS (the cross-region
  export writer and reader, through SSM parameters; the bucket deployment, which unzips the site's asset
  into its bucket). Their handlers are aws-cdk-lib's Lambda code, which moto cannot run without Docker.
- Properties moto's models drop or answer differently from CloudFormation are applied as CloudFormation
  does: a KMS key's tags, a bucket's versioning, public access block and Object Lock (its default
  retention), a function's architectures and tracing, a role's managed policies, a log group's `Arn`
  attribute (ending in `:*`).
- A table's stream keeps its records as DynamoDB's does (24 hours), whatever reads them: moto hands a
  shard's records to a mapped function (which it cannot run without Docker) and then drops them, so the
  check could not read what the locked copy's writer is given. Here a stream write invokes nothing.
- Every other resource type moto lacks (HTTP APIs, CloudFront, WAFv2, alarms, Firehose, custom resources
  that run the product's own code...) becomes a placeholder: nothing is created, its Ref and attributes
  answer recognisable values so that the resources that name it are still created, and it is written to
  the report file that the check prints.

Usage: python3 aws_emulator.py PORT REPORT_FILE
"""

import io
import json
import secrets
import string
import sys
import threading
import zipfile
from typing import Any

from moto.cloudformation import parsing
from moto.cloudformation.custom_model import CustomModel
from moto.core.common_models import CloudFormationModel
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models.table import StreamShard
from moto.iam.models import Role as IamRole
from moto.iam.models import iam_backends
from moto.kms.models import Key as KmsKey
from moto.logs.models import LogGroup
from moto.awslambda.models import LambdaFunction, lambda_backends
from moto.s3.models import FakeBucket, s3_backends
from moto.scheduler.models import scheduler_backends
from moto.secretsmanager.models import secretsmanager_backends
from moto.sqs.models import sqs_backends
from moto.synthetics.models import synthetics_backends
from moto.ssm.models import ssm_backends

# moto files every model under the service named by its module (moto.<service>.…).
MOTO_MODULE = "moto.cloudformation.deploy_check"
REPORT_FILE = sys.argv[2] if len(sys.argv) > 2 else None
_report_lock = threading.Lock()
_report: list[dict[str, str]] = []


def _record(kind: str, stack_id: str, logical_id: str, resource_type: str) -> None:
    """Appends one resource to the report: `extension` (created here) or `not-created` (a placeholder)."""
    stack_name = stack_id.split(":stack/")[-1].split("/")[0] if ":stack/" in stack_id else stack_id
    with _report_lock:
        _report.append(
            {"kind": kind, "stack": stack_name, "logicalId": logical_id, "type": resource_type}
        )
        if REPORT_FILE:
            with open(REPORT_FILE, "w", encoding="utf-8") as file:
                json.dump(_report, file)


class NotCreated(CloudFormationModel):
    """A resource of a type the emulator cannot create: a placeholder that names itself."""

    __module__ = MOTO_MODULE

    def __init__(self, logical_id: str, resource_type: str, account_id: str, region: str):
        self.logical_id = logical_id
        self.resource_type = resource_type
        self.account_id = account_id
        self.region = region

    @staticmethod
    def cloudformation_type() -> str:
        return "Cutloom::Emulator::NotCreated"

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return True

    @property
    def physical_resource_id(self) -> str:
        return f"not-created-{self.logical_id}"

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        # Shaped as the attribute is, so that what consumes it (an ARN in a policy, a host split out of
        # an endpoint) is still well formed.
        if attribute_name.endswith("Arn") or attribute_name == "Arn":
            service = self.resource_type.split("::")[1].lower() if "::" in self.resource_type else "custom"
            return f"arn:aws:{service}:{self.region}:{self.account_id}:not-created/{self.logical_id}"
        if attribute_name.endswith("Endpoint") or attribute_name.endswith("Url"):
            return f"https://{self.logical_id.lower()}.not-created.invalid"
        if attribute_name.endswith("DomainName"):
            return f"{self.logical_id.lower()}.not-created.invalid"
        return f"not-created-{self.logical_id}-{attribute_name}"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "NotCreated":
        _record("not-created", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(kwargs["LogicalId"], kwargs["ResourceType"], account_id, region_name)

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str,
        region_name: str,
    ) -> "NotCreated":
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        return None


class Created(CloudFormationModel):
    """A resource created here through a moto backend; its Ref and attributes as CloudFormation's."""

    __module__ = MOTO_MODULE

    def __init__(self, physical_id: str, attributes: dict[str, Any]):
        self._physical_id = physical_id
        self.attributes = attributes

    @property
    def physical_resource_id(self) -> str:
        return self._physical_id

    @classmethod
    def has_cfn_attr(cls, attr: str) -> bool:
        return True

    def get_cfn_attribute(self, attribute_name: str) -> Any:
        if attribute_name not in self.attributes:
            raise KeyError(f"{self._physical_id} has no attribute {attribute_name}")
        return self.attributes[attribute_name]

    @classmethod
    def update_from_cloudformation_json(  # type: ignore[misc]
        cls, original_resource: Any, new_resource_name: str, cloudformation_json: Any, account_id: str,
        region_name: str,
    ) -> Any:
        return original_resource

    @classmethod
    def delete_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str
    ) -> None:
        return None


def _generated_name(kwargs: dict[str, Any]) -> str:
    stack_name = kwargs["StackId"].split(":stack/")[-1].split("/")[0]
    suffix = "".join(secrets.choice(string.ascii_uppercase + string.digits) for _ in range(12))
    return f"{stack_name}-{kwargs['LogicalId']}-{suffix}"


class GlobalTable(Created):
    """AWS::DynamoDB::GlobalTable with one replica: a table in the stack's region."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::DynamoDB::GlobalTable"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "GlobalTable":
        props = cloudformation_json["Properties"]
        replicas = props.get("Replicas", [])
        if [replica.get("Region") for replica in replicas] != [region_name]:
            raise ValueError(f"GlobalTable {kwargs['LogicalId']}: one replica, in {region_name}, is emulated")
        name = props.get("TableName") or _generated_name(kwargs)
        backend = dynamodb_backends[account_id][region_name]
        replica = replicas[0]
        table = backend.create_table(
            name,
            schema=props["KeySchema"],
            throughput=None,
            attr=props["AttributeDefinitions"],
            global_indexes=props.get("GlobalSecondaryIndexes"),
            indexes=props.get("LocalSecondaryIndexes"),
            streams=props.get("StreamSpecification"),
            billing_mode=props.get("BillingMode", "PROVISIONED"),
            sse_specification=props.get("SSESpecification"),
            tags=replica.get("Tags", []),
            deletion_protection_enabled=replica.get("DeletionProtectionEnabled"),
            warm_throughput=None,
        )
        if "TimeToLiveSpecification" in props:
            backend.update_time_to_live(name, props["TimeToLiveSpecification"])
        recovery = replica.get("PointInTimeRecoverySpecification")
        if recovery:
            backend.update_continuous_backups(name, recovery)
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        attributes = {"Arn": table.table_arn, "TableId": name}
        if table.latest_stream_label:
            attributes["StreamArn"] = f"{table.table_arn}/stream/{table.latest_stream_label}"
        return cls(name, attributes)


class Secret(Created):
    """AWS::SecretsManager::Secret, with SecretString or GenerateSecretString."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::SecretsManager::Secret"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "Secret":
        props = cloudformation_json["Properties"]
        name = props.get("Name") or _generated_name(kwargs)
        value = props.get("SecretString")
        generate = props.get("GenerateSecretString")
        if value is None and generate is not None:
            alphabet = string.ascii_letters + string.digits
            if not generate.get("ExcludePunctuation"):
                alphabet += string.punctuation
            password = "".join(secrets.choice(alphabet) for _ in range(int(generate.get("PasswordLength", 32))))
            template = generate.get("SecretStringTemplate")
            value = (
                json.dumps({**json.loads(template), generate["GenerateStringKey"]: password})
                if template
                else password
            )
        backend = secretsmanager_backends[account_id][region_name]
        answer = json.loads(
            backend.create_secret(
                name=name,
                secret_string=value,
                secret_binary=None,
                description=props.get("Description"),
                tags=props.get("Tags", []),
                kms_key_id=props.get("KmsKeyId"),
                client_request_token=None,
                replica_regions=[],
                force_overwrite=False,
            )
        )
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        # Ref of a secret is its ARN.
        return cls(answer["ARN"], {"Id": answer["ARN"]})


class ScheduleGroup(Created):
    """AWS::Scheduler::ScheduleGroup."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Scheduler::ScheduleGroup"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "ScheduleGroup":
        props = cloudformation_json["Properties"]
        name = props.get("Name") or _generated_name(kwargs)
        group = scheduler_backends[account_id][region_name].create_schedule_group(name, props.get("Tags", []))
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(name, {"Arn": group.arn})


def _put_parameter(account_id: str, region: str, name: str, value: str) -> None:
    ssm_backends[account_id][region].put_parameter(
        name=name, description="", value=value, parameter_type="String", allowed_pattern="", keyid="",
        overwrite=True, tags=[], data_type="text", tier=None, policies=None,
    )


class CrossRegionExportWriter(Created):
    """aws-cdk-lib's writer: each export as an SSM parameter in the consuming stack's region."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "Custom::CrossRegionExportWriter"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "CrossRegionExportWriter":
        writer = cloudformation_json["Properties"]["WriterProps"]
        for name, value in writer["exports"].items():
            _put_parameter(account_id, writer["region"], name, str(value))
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(f"{kwargs['LogicalId']}-writer", {})


class CrossRegionExportReader(Created):
    """aws-cdk-lib's reader: each import read from SSM in the stack's region; a missing one fails."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "Custom::CrossRegionExportReader"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "CrossRegionExportReader":
        reader = cloudformation_json["Properties"]["ReaderProps"]
        backend = ssm_backends[account_id][reader["region"]]
        values = {}
        for name in reader["imports"]:
            parameter = backend.get_parameter(name)
            if parameter is None:
                raise ValueError(f"Cross-region import {name} was never exported")
            values[name] = parameter.value
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(f"{kwargs['LogicalId']}-reader", values)


class BucketDeployment(Created):
    """aws-cdk-lib's BucketDeployment: unzips each source object into the destination bucket."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "Custom::CDKBucketDeployment"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "BucketDeployment":
        props = cloudformation_json["Properties"]
        backend = s3_backends[account_id]["aws"]
        destination = props["DestinationBucketName"]
        prefix = props.get("DestinationBucketKeyPrefix", "")
        cache_control = props.get("SystemMetadata", {}).get("cache-control")
        for bucket, key in zip(props["SourceBucketNames"], props["SourceObjectKeys"]):
            archive = zipfile.ZipFile(io.BytesIO(backend.get_object(bucket, key).value))
            for entry in archive.infolist():
                if entry.is_dir():
                    continue
                stored = backend.put_object(destination, prefix + entry.filename, archive.read(entry))
                if cache_control:
                    stored.metadata["Cache-Control"] = cache_control
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(f"{kwargs['LogicalId']}-deployment", {})


class QueuePolicy(Created):
    """AWS::SQS::QueuePolicy: the policy set on each queue."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::SQS::QueuePolicy"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "QueuePolicy":
        props = cloudformation_json["Properties"]
        backend = sqs_backends[account_id][region_name]
        for queue_url in props["Queues"]:
            backend.set_queue_attributes(queue_url.rstrip("/").split("/")[-1], {"Policy": json.dumps(props["PolicyDocument"])})
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(_generated_name(kwargs), {})


class EventInvokeConfig(Created):
    """AWS::Lambda::EventInvokeConfig: asynchronous retries and destinations of a function."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Lambda::EventInvokeConfig"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "EventInvokeConfig":
        props = cloudformation_json["Properties"]
        config = {key: props[key] for key in ("MaximumRetryAttempts", "MaximumEventAgeInSeconds", "DestinationConfig") if key in props}
        lambda_backends[account_id][region_name].put_function_event_invoke_config(props["FunctionName"], config)
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(_generated_name(kwargs), {})


class FunctionVersion(Created):
    """AWS::Lambda::Version: a published version, its Ref the qualified ARN as CloudFormation's (moto's own
    answers no physical id, so nothing can refer to it). moto has no provisioned concurrency: its config is
    the template's, read by the local runtime's --lambda mode (scripts/local/lambda/assembly.ts)."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Lambda::Version"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "FunctionVersion":
        props = cloudformation_json["Properties"]
        backend = lambda_backends[account_id][region_name]
        version = backend.publish_version(props["FunctionName"])
        arn = version.function_arn if ":" in version.function_arn.split(":function:")[-1] else f"{version.function_arn}:{version.version}"
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(arn, {"Version": str(version.version), "FunctionArn": arn})


class SyntheticsCanary(Created):
    """AWS::Synthetics::Canary: its configuration, through moto's Synthetics backend (no run)."""

    __module__ = MOTO_MODULE

    @staticmethod
    def cloudformation_type() -> str:
        return "AWS::Synthetics::Canary"

    @classmethod
    def create_from_cloudformation_json(  # type: ignore[misc]
        cls, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any
    ) -> "SyntheticsCanary":
        props = cloudformation_json["Properties"]
        canary = synthetics_backends[account_id][region_name].create_canary(
            name=props["Name"],
            code=props["Code"],
            artifact_s3_location=props["ArtifactS3Location"],
            execution_role_arn=props["ExecutionRoleArn"],
            schedule=props["Schedule"],
            run_config=props.get("RunConfig", {}),
            success_retention_period_in_days=props.get("SuccessRetentionPeriod", 31),
            failure_retention_period_in_days=props.get("FailureRetentionPeriod", 31),
            runtime_version=props["RuntimeVersion"],
            vpc_config=props.get("VPCConfig"),
            resources_to_replicate_tags=None,
            provisioned_resource_cleanup=props.get("ProvisionedResourceCleanup"),
            browser_configs=props.get("BrowserConfigs"),
            tags={tag["Key"]: tag["Value"] for tag in props.get("Tags", [])},
            artifact_config=props.get("ArtifactConfig"),
        )
        _record("extension", kwargs["StackId"], kwargs["LogicalId"], kwargs["ResourceType"])
        return cls(canary.name, {"Id": canary.id})


EXTENSIONS: dict[str, type[CloudFormationModel]] = {
    model.cloudformation_type(): model
    for model in (
        GlobalTable,
        Secret,
        ScheduleGroup,
        SyntheticsCanary,
        CrossRegionExportWriter,
        CrossRegionExportReader,
        BucketDeployment,
        QueuePolicy,
        EventInvokeConfig,
        FunctionVersion,
    )
}
# Template metadata, not a resource.
IGNORED = {"AWS::CDK::Metadata"}

_moto_resource_class = parsing.resource_class_from_type


def _kms_key_with_tags(original: Any) -> Any:
    """moto's AWS::KMS::Key hands CloudFormation's {Key, Value} tags to a tagger that wants {TagKey, TagValue}."""

    def create(cls: Any, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any) -> Any:
        props = cloudformation_json["Properties"]
        props["Tags"] = [{"TagKey": tag["Key"], "TagValue": tag["Value"]} for tag in props.get("Tags", [])]
        return original.__func__(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)

    return classmethod(create)


KmsKey.create_from_cloudformation_json = _kms_key_with_tags(KmsKey.create_from_cloudformation_json)


def _bucket_with_settings(original: Any) -> Any:
    """moto's AWS::S3::Bucket applies encryption and tags only; versioning, the public access block and Object Lock too."""

    def create(cls: Any, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any) -> Any:
        bucket = original.__func__(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)
        props = cloudformation_json.get("Properties", {})
        backend = s3_backends[account_id]["aws"]
        if "VersioningConfiguration" in props:
            backend.put_bucket_versioning(bucket.name, props["VersioningConfiguration"]["Status"])
        if "PublicAccessBlockConfiguration" in props:
            backend.put_public_access_block(bucket.name, props["PublicAccessBlockConfiguration"])
        lock = props.get("ObjectLockConfiguration")
        if props.get("ObjectLockEnabled") and lock:
            retention = lock.get("Rule", {}).get("DefaultRetention", {})
            backend.put_object_lock_configuration(
                bucket.name,
                lock_enabled=True,
                mode=retention.get("Mode"),
                # As moto's own PutObjectLockConfiguration reads them: a period not given is 0 (moto adds both).
                days=int(retention.get("Days", 0)),
                years=int(retention.get("Years", 0)),
            )
        return bucket

    return classmethod(create)


FakeBucket.create_from_cloudformation_json = _bucket_with_settings(FakeBucket.create_from_cloudformation_json)


def _function_with_settings(original: Any) -> Any:
    """moto's AWS::Lambda::Function drops Architectures and TracingConfig; they are what the template says."""

    def create(cls: Any, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any) -> Any:
        function = original.__func__(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)
        props = cloudformation_json["Properties"]
        function.architectures = props.get("Architectures", ["x86_64"])
        function.tracing_config = props.get("TracingConfig") or {"Mode": "PassThrough"}
        return function

    return classmethod(create)


LambdaFunction.create_from_cloudformation_json = _function_with_settings(LambdaFunction.create_from_cloudformation_json)


def _role_with_managed_policies(original: Any) -> Any:
    """moto's AWS::IAM::Role drops ManagedPolicyArns; they are attached (AWS's own policies are loaded for it)."""

    def create(cls: Any, resource_name: str, cloudformation_json: Any, account_id: str, region_name: str, **kwargs: Any) -> Any:
        role = original.__func__(cls, resource_name, cloudformation_json, account_id, region_name, **kwargs)
        backend = iam_backends[account_id]["aws"]
        for policy_arn in cloudformation_json["Properties"].get("ManagedPolicyArns", []):
            backend.attach_role_policy(policy_arn, role.name)
        return role

    return classmethod(create)


IamRole.create_from_cloudformation_json = _role_with_managed_policies(IamRole.create_from_cloudformation_json)


def _log_group_arn_as_cloudformation_answers(original: Any) -> Any:
    """CloudFormation's Fn::GetAtt Arn of a log group ends in `:*` (as DescribeLogGroups says); moto's does not."""

    def get_cfn_attribute(self: Any, attribute_name: str) -> Any:
        value = original(self, attribute_name)
        return value if attribute_name != "Arn" or value.endswith(":*") else f"{value}:*"

    return get_cfn_attribute


LogGroup.get_cfn_attribute = _log_group_arn_as_cloudformation_answers(LogGroup.get_cfn_attribute)


def _stream_keeps_records(original: Any) -> Any:
    def add(self: Any, old: Any, new: Any) -> None:
        mappings = self.table.lambda_event_source_mappings
        mapped = dict(mappings)
        mappings.clear()
        try:
            original(self, old, new)
        finally:
            mappings.update(mapped)

    return add


StreamShard.add = _stream_keeps_records(StreamShard.add)


def resource_class_from_type(resource_type: str) -> Any:
    if resource_type in EXTENSIONS:
        return EXTENSIONS[resource_type]
    if resource_type in IGNORED:
        return None
    model = _moto_resource_class(resource_type)
    # A custom resource runs its handler's code in Lambda, which moto cannot without Docker.
    if model is None or model is CustomModel:
        return NotCreated
    return model


parsing.resource_class_from_type = resource_class_from_type

if __name__ == "__main__":
    from moto.server import main

    main(["-p", sys.argv[1]])
