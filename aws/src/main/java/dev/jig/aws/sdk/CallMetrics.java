package dev.jig.aws.sdk;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Counts every AWS API call a Jig client makes, whatever code path made it: an SDK interceptor that
 * {@link ServiceClients} adds to each client. One call is one SDK execution (its retries included, so
 * the figure is what the caller asked for); HTTP attempts, retries included, are counted apart.
 *
 * <ul>
 *   <li>{@code jig_aws_calls_total{service,action,outcome}}: service {@code ec2}, {@code ssm}, {@code iam} or {@code sqs};: outcome {@code success}, the AWS error code
 *   ({@code RequestLimitExceeded}, {@code UnauthorizedOperation}, ...), or {@code unreachable}</li>
 *   <li>{@code jig_aws_call_duration_seconds{service,action}}: the call's wall time, retries included</li>
 *   <li>{@code jig_aws_call_attempts_total{service,action}}: HTTP requests sent, so retries show</li>
 * </ul>
 *
 * Durations come from the registry's clock, so a test registry can drive them.
 */
public final class CallMetrics implements ExecutionInterceptor {

    private static final ExecutionAttribute<Timer.Sample> STARTED = new ExecutionAttribute<>("jig.call.started");

    private final MeterRegistry registry;

    public CallMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(STARTED, Timer.start(registry));
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        Counter.builder("jig_aws_call_attempts_total").description("HTTP requests sent to AWS, retries included")
                .tag("service", service(attributes)).tag("action", action(attributes)).register(registry).increment();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        finished(attributes, "success");
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        String code = context.exception() instanceof SdkException e ? AwsErrors.code(e) : "";
        finished(attributes, code.isEmpty() ? "unreachable" : code);
    }

    private void finished(ExecutionAttributes attributes, String outcome) {
        String service = service(attributes);
        String action = action(attributes);
        Counter.builder("jig_aws_calls_total").description("AWS API calls by service, action and outcome (success or the AWS error code)")
                .tag("service", service).tag("action", action).tag("outcome", outcome).register(registry).increment();
        Timer.Sample started = attributes.getAttribute(STARTED);
        if (started != null) {
            started.stop(Timer.builder("jig_aws_call_duration_seconds").description("AWS API call duration, the SDK's retries included")
                    .tag("service", service).tag("action", action).register(registry));
        }
    }

    private static String service(ExecutionAttributes attributes) {
        String s = attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME);
        return s == null ? "unknown" : s.toLowerCase(java.util.Locale.ROOT);
    }

    private static String action(ExecutionAttributes attributes) {
        String a = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        return a == null ? "unknown" : a;
    }
}
