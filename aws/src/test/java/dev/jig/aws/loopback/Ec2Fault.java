package dev.jig.aws.loopback;

/** An EC2 error answer: the HTTP status and EC2's error code and message. */
public final class Ec2Fault extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final int status;
    final String code;

    public Ec2Fault(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }
}
