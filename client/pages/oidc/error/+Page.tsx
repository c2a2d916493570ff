// Never shown: the screen loader of /oidc/error always answers an error, which renders the error page.
export default function Page() {
  return null;
}
