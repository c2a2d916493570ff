/** A legacy address (spec 2): its data hook redirects to the password pages, so nothing renders. */
export default function Page() {
  return null;
}
