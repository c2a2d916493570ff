import { usePageContext } from 'vike-react/usePageContext';
import { catalogPreloads } from '#client/i18n/catalog-preload.ts';
import { pickText } from '#domain/localized-text.ts';

/** Icons, description, the page's catalog (a script like the others: low priority) and the tag manager snippet (only when the store sets gtmId). */
export default function Head() {
  const { rootData, cspNonce, globalContext } = usePageContext();
  const s = rootData.storeSettingData;
  const description = pickText(s.serviceDescription, rootData.lang);
  // +Head renders on the server only; the check tells TypeScript so.
  const preloads = globalContext.isClientSide ? [] : catalogPreloads(globalContext, rootData.lang);
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      <meta name="theme-color" content={s.colors.accentColor} />
      {description ? <meta name="description" content={description} /> : null}
      <link rel="icon" href={s.images.favicon} />
      <link rel="apple-touch-icon" href={s.images.appleTouchIcon} />
      {s.gtmId ? (
        <script
          nonce={cspNonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the tag manager snippet; gtmId is validated as GTM-[A-Z0-9]+ by config-schema.
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.nonce='${cspNonce ?? ''}';j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${s.gtmId}');`,
          }}
        />
      ) : null}
    </>
  );
}
