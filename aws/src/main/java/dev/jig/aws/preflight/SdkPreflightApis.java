package dev.jig.aws.preflight;

import dev.jig.aws.sdk.AwsErrors;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.iam.model.NoSuchEntityException;
import software.amazon.awssdk.services.iam.model.Role;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

import java.util.List;
import java.util.Optional;

/** {@link PreflightApis} over the SDK's IAM and SQS clients. */
public final class SdkPreflightApis implements PreflightApis {

    private final IamClient iam;
    private final SqsClient sqs;

    public SdkPreflightApis(IamClient iam, SqsClient sqs) {
        this.iam = iam;
        this.sqs = sqs;
    }

    @Override
    public boolean roleExists(String name) {
        try {
            iam.getRole(r -> r.roleName(name));
            return true;
        } catch (NoSuchEntityException e) {
            return false;
        } catch (SdkException e) {
            throw AwsErrors.toCloud("IAM", "GetRole", name, e);
        }
    }

    @Override
    public Optional<List<String>> instanceProfileRoles(String name) {
        try {
            return Optional.of(iam.getInstanceProfile(r -> r.instanceProfileName(name)).instanceProfile().roles().stream().map(Role::roleName).toList());
        } catch (NoSuchEntityException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw AwsErrors.toCloud("IAM", "GetInstanceProfile", name, e);
        }
    }

    @Override
    public Optional<String> queuePolicy(String name) {
        try {
            String url = sqs.getQueueUrl(r -> r.queueName(name)).queueUrl();
            return Optional.of(sqs.getQueueAttributes(r -> r.queueUrl(url).attributeNames(QueueAttributeName.POLICY)).attributes()
                    .getOrDefault(QueueAttributeName.POLICY, ""));
        } catch (QueueDoesNotExistException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw AwsErrors.toCloud("SQS", "GetQueueAttributes", name, e);
        }
    }
}
