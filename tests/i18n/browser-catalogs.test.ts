import { createCompiledCatalog } from '@lingui/cli/api';
import { describe, expect, it } from 'vitest';
import { dropMessages, serverOnlyMessageIds } from '../../build-plugins.ts';

// The browser's catalogs leave out the messages only the server uses (build-plugins.ts,
// decision 0026); the server keeps them all.
describe('browser catalogs', () => {
  it('drop a message only when every file that uses it is the server’s', () => {
    const ids = serverOnlyMessageIds({
      mail: ['server/platform/mail/templates.ts'],
      cli: ['scripts/store/run.ts', 'server/db/admin.ts'],
      shared: ['server/platform/http/error-body.ts', 'domain/validation/descriptors.ts'],
      page: ['client/pages/login/+Page.tsx'],
      unknown: [],
    });
    expect([...ids].sort()).toEqual(['cli', 'mail']);
  });

  it('remove the dropped messages from the compiled catalog and keep the others exactly', async () => {
    const messages = { keep: 'ログイン', alsoKeep: '{count}件の "引用"', mail: 'ご請求のお知らせ' };
    const { source } = createCompiledCatalog('ja', messages, { namespace: 'es' });
    const trimmed = dropMessages(source, new Set(['mail']));
    const url = `data:text/javascript,${encodeURIComponent(trimmed)}`;
    const full = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)).messages;
    const { messages: kept } = await import(/* @vite-ignore */ url);
    expect(Object.keys(kept).sort()).toEqual(['alsoKeep', 'keep']);
    expect(kept.keep).toEqual(full.keep);
    expect(kept.alsoKeep).toEqual(full.alsoKeep);
  });

  it('fail the build when the compiled catalog has another shape', () => {
    expect(() => dropMessages('export default {}', new Set())).toThrow(/expected shape/);
  });
});
