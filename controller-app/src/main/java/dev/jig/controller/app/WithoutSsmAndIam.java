package dev.jig.controller.app;

import dev.jig.aws.ami.AmiAliases;
import dev.jig.aws.instanceprofile.InstanceProfiles;
import java.util.List;

/**
 * The AMI alias and instance profile ports while this build has no SSM and IAM adapters: an
 * {@code amiSelectorTerms} alias or a {@code spec.role} makes the node class not ready with this
 * message (named in its condition), and node classes with AMI ids, names or tags and a
 * {@code spec.instanceProfile} launch. Replaced by {@code SsmAmiAliases} and
 * {@code IamInstanceProfiles} when those adapters are wired into {@link AwsComposition}.
 */
final class WithoutSsmAndIam implements AmiAliases, InstanceProfiles {

    static final String WHY = "this build resolves no AMI aliases and creates no instance profiles (no SSM or IAM adapter); "
            + "select AMIs by id, name or tags and set spec.instanceProfile";

    @Override
    public List<AliasAmi> resolve(String alias, String kubernetesVersion) {
        throw new IllegalArgumentException("alias " + alias + ": " + WHY);
    }

    @Override
    public String ensure(String nodeClass, String role) {
        throw new IllegalStateException(WHY);
    }

    @Override
    public void delete(String nodeClass) {
        // nothing was created
    }
}
