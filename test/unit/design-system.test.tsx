/**
 * The design system's parts without a browser: the tokens file holds every kind of token, the
 * stylesheets set type and radius through tokens, buttons keep hyphenated words whole, payment
 * marks are named images (or decorative beside words), and a page skeleton is busy and says so.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MARKS, PAYMENT_MARK_NAMES } from '../../src/domain/sell-blocks';
import { Button } from '../../src/ui/Button';
import { PaymentMark, PaymentMarkLabel, markOfCardBrand, markOfMethod } from '../../src/ui/PaymentMark';
import { PageSkeleton } from '../../src/ui/Skeleton';

const root = new URL('../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function stylesheetsUnder(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return stylesheetsUnder(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

/** Rules other engineers own while issue #51 is open (tester panel, captcha, card frame, order summary). */
const OWNED_ELSEWHERE =
  /tester-panel|captcha|altcha|order-summary|card-frame|payment-method\b|payment-methods|^\s*\.checkout\b/;

describe('design tokens', () => {
  const tokens = read('src/styles/tokens.css');

  it('holds the type scale, spacing, colour, radius, shadows and content widths in one file', () => {
    for (const token of [
      '--text-base',
      '--text-2xl',
      '--space-1',
      '--space-12',
      '--ink',
      '--brand',
      '--paper',
      '--radius',
      '--radius-sm',
      '--shadow-md',
      '--content-narrow',
      '--content-wide',
    ]) {
      expect(tokens, token).toMatch(new RegExp(`${token}:`));
    }
    expect(read('src/styles.css')).toMatch(/^@import '\.\/styles\/tokens\.css';/);
  });

  it('is the only stylesheet that defines the tokens; themes set them again', () => {
    for (const path of ['src/styles.css', ...stylesheetsUnder('src/features')])
      expect(read(path), path).not.toMatch(/--(space|text|radius|shadow|content)-[\w-]+\s*:/);
    for (const theme of stylesheetsUnder('src/themes'))
      expect(read(theme), theme).toMatch(/html\[data-theme='\w+'\] \{ --brand: /);
  });

  it('has the stylesheets set font sizes and radii through tokens, not literal values', () => {
    const literal: string[] = [];
    for (const path of ['src/styles.css', ...stylesheetsUnder('src/features'), ...stylesheetsUnder('src/shell')]) {
      read(path)
        .split('\n')
        .forEach((line, i) => {
          if (OWNED_ELSEWHERE.test(line)) return;
          for (const match of line.matchAll(/(font-size|border-radius)\s*:\s*([^;}]+)/g)) {
            const value = match[2]!.trim();
            // 50% (a circle) and hairlines of 1–3 px are shapes, not the scale.
            if (
              !/var\(--/.test(value) &&
              !/^(50%|[0-3]px|0|inherit|1em)$/.test(value) &&
              !/^var\(--radius\) var\(--radius\) 0 0$/.test(value)
            )
              literal.push(`${relative(root, join(root, path))}:${i + 1} ${match[0]}`);
          }
        });
    }
    expect(literal).toEqual([]);
  });
});

describe('Button', () => {
  it('keeps a hyphenated word whole, in one label box, and leaves other labels as they are', () => {
    const html = renderToStaticMarkup(<Button>Activate with Welcome-Back Monthly</Button>);
    expect(html).toContain(
      '<span class="button__label">Activate with <span class="button__word">Welcome-Back</span> Monthly</span>',
    );
    expect(renderToStaticMarkup(<Button>Continue</Button>)).toMatch(/>Continue<\/button>$/);
  });

  it('wraps only between words in its stylesheet', () => {
    const rule = /\.button \{[^}]*\}/.exec(read('src/styles.css'))![0];
    expect(rule).toContain('hyphens: none');
    expect(rule).toContain('word-break: normal');
    expect(rule).toContain('overflow-wrap: normal');
    expect(read('src/styles.css')).toContain('.button__word { white-space: nowrap; }');
  });
});

describe('payment marks', () => {
  it('draws every mark as an SVG image named by its brand, whose lettering is no part of the page text', () => {
    for (const mark of PAYMENT_MARKS) {
      const html = renderToStaticMarkup(<PaymentMark mark={mark} />);
      expect(html, mark).toMatch(/^<img class="payment-mark payment-mark--\w+" src="data:image\/svg\+xml,%3Csvg/);
      expect(html, mark).toContain(`alt="${PAYMENT_MARK_NAMES[mark]}"`);
    }
  });

  it('is decorative beside words that name the method', () => {
    const html = renderToStaticMarkup(<PaymentMarkLabel mark="visa">Visa ending in 4242</PaymentMarkLabel>);
    expect(html).toContain('alt=""');
    expect(html).toContain('<span>Visa ending in 4242</span>');
  });

  it('knows the brands and methods as the API codes them', () => {
    expect([
      markOfCardBrand('VISA'),
      markOfCardBrand('MASTERCARD'),
      markOfCardBrand('AMEX'),
      markOfCardBrand('DISCOVER'),
      markOfCardBrand('JCB'),
      markOfCardBrand(null),
    ]).toEqual(['visa', 'mastercard', 'amex', 'discover', null, null]);
    expect([markOfMethod('PYPL'), markOfMethod('DUPI'), markOfMethod('CRCD')]).toEqual(['paypal', 'upi', null]);
  });
});

describe('page skeleton', () => {
  it('is busy, says it is loading to screen readers, and hides its bars', () => {
    const html = renderToStaticMarkup(<PageSkeleton shape="table" label="Loading…" />);
    expect(html).toMatch(/^<section class="page-skeleton page--wide" aria-busy="true"/);
    expect(html).toContain('<p class="visually-hidden" role="status">Loading…</p>');
    expect(html).toContain('aria-hidden="true" data-testid="skeleton"');
  });
});
