import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

export default {
  extends: [vikeReact],
  // Pages live in client/pages; URLs start at the root.
  filesystemRoutingRoot: '/',
  // Only values a hook computes: a value from renderPage's init would make Vike fetch
  // pageContext.json on every client navigation (see +onCreatePageContext.shared.ts).
  passToClient: ['rootData'],
  // renderToString: streaming costs several times more for pages this small (STACK-NOTES).
  stream: false,
} satisfies Config;
