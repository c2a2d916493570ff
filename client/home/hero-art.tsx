import { useTheme } from '@emotion/react';
import styled from '@emotion/styled';

const Art = styled.svg`
  width: 100%;
  max-width: 420px;
  height: auto;
`;

/** Decorative stacked "posters" with a play mark, in the store's colours (hidden from screen readers). */
export function HeroArt() {
  const { color } = useTheme();
  return (
    <Art viewBox="0 0 420 300" aria-hidden="true" focusable="false">
      <rect
        x="40"
        y="50"
        width="170"
        height="220"
        rx="14"
        transform="rotate(-8 125 160)"
        style={{ fill: color.secondary }}
        opacity="0.55"
      />
      <rect
        x="210"
        y="40"
        width="170"
        height="220"
        rx="14"
        transform="rotate(7 295 150)"
        style={{ fill: color.secondary }}
        opacity="0.35"
      />
      <rect x="120" y="20" width="190" height="250" rx="16" style={{ fill: color.accent }} />
      <rect x="136" y="36" width="158" height="150" rx="10" style={{ fill: color.onAccent }} opacity="0.16" />
      <circle cx="215" cy="111" r="34" style={{ fill: color.onAccent }} opacity="0.95" />
      <path d="M205 94v34l28-17z" style={{ fill: color.accent }} />
      <rect x="136" y="204" width="120" height="12" rx="6" style={{ fill: color.onAccent }} opacity="0.85" />
      <rect x="136" y="228" width="80" height="10" rx="5" style={{ fill: color.onAccent }} opacity="0.55" />
    </Art>
  );
}
