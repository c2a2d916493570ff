import styled from '@emotion/styled';
import { Trans } from '@lingui/react/macro';

type ClientInfo = {
  clientName: string;
  logoUri: string | null;
  serviceLogoUri: string;
  serviceName: string;
  description: string | null;
  providerName: string | null;
  termsUrl: string | null;
  privacyUrl: string | null;
};
type Scope = { scopeKey: string; scopeName: string; scopeDescription: string | null; required: boolean };

const Card = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 8px 16px;
  align-items: center;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  /* A phone has no room for the logos and the name side by side: the name goes below them. */
  ${({ theme }) => theme.mobile} {
    grid-template-columns: 1fr;
  }
`;
const Logos = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  & img {
    height: 40px;
    width: auto;
    max-width: 120px;
  }
`;
const Name = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;
const Muted = styled.p`
  margin: 0;
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;
const Links = styled.p`
  margin: 0;
  grid-column: 1 / -1;
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
  font-size: 0.875rem;
`;

/** The requesting app: logos, name, provider, description, terms and privacy links. */
export function ClientCard({ client }: { client: ClientInfo }) {
  return (
    <Card aria-label={client.clientName}>
      <Logos>
        {client.logoUri ? <img src={client.logoUri} alt="" /> : null}
        <img src={client.serviceLogoUri} alt={client.serviceName} />
      </Logos>
      <Name>{client.clientName}</Name>
      {client.providerName ? (
        <Muted>
          <Trans>提供元: {client.providerName}</Trans>
        </Muted>
      ) : null}
      {client.description ? <Muted>{client.description}</Muted> : null}
      {client.termsUrl || client.privacyUrl ? (
        <Links>
          {client.termsUrl ? (
            <a href={client.termsUrl} target="_blank" rel="noopener noreferrer">
              <Trans>利用規約</Trans>
            </a>
          ) : null}
          {client.privacyUrl ? (
            <a href={client.privacyUrl} target="_blank" rel="noopener noreferrer">
              <Trans>プライバシーポリシー</Trans>
            </a>
          ) : null}
        </Links>
      ) : null}
    </Card>
  );
}

const List = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: 12px;
  & legend {
    font-weight: 700;
    margin-bottom: 8px;
  }
`;
const Row = styled.label`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 10px;
  align-items: start;
  & input {
    width: 20px;
    height: 20px;
    margin: 2px 0 0;
  }
`;
const Badge = styled.span`
  margin-left: 8px;
  padding: 1px 6px;
  font-size: 0.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 4px;
`;
const Description = styled.span`
  grid-column: 2;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

/**
 * The requested scopes. A required scope is ticked and fixed; an optional one is ticked unless
 * the viewer refused it before, and unticking it refuses it (the form sends the ticked ones as
 * addScope).
 */
export function ScopeList({ scopes, updated, refusedBefore }: { scopes: Scope[]; updated: string[]; refusedBefore: string[] }) {
  return (
    <List>
      <legend>
        <Trans>アプリに許可する情報</Trans>
      </legend>
      {scopes.map((s) => (
        <Row key={s.scopeKey}>
          {s.required ? (
            <input type="checkbox" checked disabled readOnly aria-describedby={`scope-${s.scopeKey}-note`} />
          ) : (
            <input type="checkbox" name="addScope" value={s.scopeKey} defaultChecked={!refusedBefore.includes(s.scopeKey)} />
          )}
          <span>
            {s.scopeName}
            {s.required ? (
              <Badge id={`scope-${s.scopeKey}-note`}>
                <Trans>必須</Trans>
              </Badge>
            ) : null}
            {updated.includes(s.scopeKey) && !s.required ? (
              <Badge>
                <Trans>新規</Trans>
              </Badge>
            ) : null}
          </span>
          {s.scopeDescription ? <Description>{s.scopeDescription}</Description> : null}
        </Row>
      ))}
    </List>
  );
}

const Notes = styled.section`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.textMuted};
  & h2 {
    font-size: 1rem;
    margin: 0 0 6px;
    color: inherit;
  }
  & ul {
    margin: 0;
    padding-left: 1.2em;
  }
`;

/** The store's precautions for connected apps. */
export function Precautions({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Notes>
      <h2>
        <Trans>注意事項</Trans>
      </h2>
      <ul>
        {items.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Notes>
  );
}
