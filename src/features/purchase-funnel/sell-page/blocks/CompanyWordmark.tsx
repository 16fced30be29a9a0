import type { HiredByCompany } from '../../../../domain/hired-by';

const WIDTH = 160;
const HEIGHT = 48;
const TEXT_X = 42;
const TEXT_SIZE = 17;

/** A simple mark per company, picked by its place in the list. */
const GLYPHS = [
  <circle key="c" cx="18" cy="24" r="12" />,
  <rect key="d" x="9" y="15" width="18" height="18" transform="rotate(45 18 24)" />,
  <path key="t" d="M18 10 L31 36 L5 36 Z" />,
  <path key="b" d="M7 12 h8 v24 h-8 Z M20 18 h8 v18 h-8 Z" />,
  <path key="r" d="M18 11 a13 13 0 1 0 0.01 0 Z M18 17 a7 7 0 1 1 -0.01 0 Z" fillRule="evenodd" />,
  <path key="h" d="M18 10 L30 17 V31 L18 38 L6 31 V17 Z" />,
];

/** A monochrome wordmark in the text colour; its accessible name is the company's name. */
export function CompanyWordmark({ company, index }: { company: HiredByCompany; index: number }) {
  // Long names are squeezed to fit rather than cut off.
  const available = WIDTH - TEXT_X - 4;
  const fits = company.name.length * TEXT_SIZE * 0.56 <= available;
  return (
    <svg
      className="sb-wordmark"
      role="img"
      aria-label={company.name}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      fill="currentColor"
    >
      {GLYPHS[index % GLYPHS.length]}
      <text
        x={TEXT_X}
        y={HEIGHT / 2}
        dominantBaseline="central"
        fontSize={TEXT_SIZE}
        fontWeight={700}
        fontFamily="system-ui, sans-serif"
        textLength={fits ? undefined : available}
        lengthAdjust={fits ? undefined : 'spacingAndGlyphs'}
        aria-hidden="true"
      >
        {company.name}
      </text>
    </svg>
  );
}
