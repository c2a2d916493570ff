/**
 * /plans/{planId}, where a plan button leads. A guest is sent to log in (or sign up) and comes
 * back here; the purchase form itself belongs to the purchase feature, so for now its data hook
 * always redirects or raises an error page and nothing renders.
 */
export default function Page() {
  return null;
}
