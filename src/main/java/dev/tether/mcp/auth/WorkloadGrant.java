package dev.tether.mcp.auth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JWT-bearer grant of workload identity federation: the workload's identity token is the
 * {@code assertion} (RFC 7523 §2.1). A refusal is final for that token: it is remembered by the
 * {@link WorkloadIdentity}, and nothing falls back to another grant, so the user sees the
 * authorization server's reason instead of a browser sign-in nobody asked for.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc7523#section-2.1">RFC 7523 §2.1</a>
 */
final class WorkloadGrant {
    private WorkloadGrant() {}

    static Credential obtain(Discovery.Found found, String scope, WorkloadIdentity identity, Grants grants) throws AuthException {
        Secret assertion = identity.assertionFor(found.server());
        grants.hide(assertion);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", Grants.JWT_BEARER);
        form.put("assertion", assertion.value());
        form.put("resource", found.resource());
        if (scope != null) {
            form.put("scope", scope);
        }
        try {
            return grants.request(found, scope, form);
        } catch (AuthException e) {
            if (e.refusedByServer()) {
                identity.refused(assertion, e.getMessage());
            }
            throw e;
        }
    }
}
