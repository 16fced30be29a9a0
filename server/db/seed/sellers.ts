/** The seller of each market, as its receipts name it: configuration with a default per market. */
import type { Queryable } from '../database';

/** One filled SVG path of the logo mark, in a 32 × 32 box (y downwards, as in SVG). */
export interface LogoPath {
  d: string;
  fill: string;
}

export interface SellerSeed {
  country_cd: string;
  name: string;
  address_lines: string[];
  email: string;
  tax_id: string | null;
  tax_kind: 'VAT' | 'GST' | null;
  /** Percent, included in every price of the market. */
  tax_rate: number | null;
  paper_size: 'A4' | 'LETTER';
  logo: LogoPath[];
}

/** The brand's mark: a rounded square in the brand's colour holding a page with a folded corner and three lines of text. */
const logoMark = (color: string): LogoPath[] => [
  { d: 'M7 0H25A7 7 0 0 1 32 7V25A7 7 0 0 1 25 32H7A7 7 0 0 1 0 25V7A7 7 0 0 1 7 0Z', fill: color },
  { d: 'M9 6H18.5L24 11.5V26H9Z', fill: '#FFFFFF' },
  { d: 'M18.5 6V11.5H24Z', fill: '#C9D6EA' },
  { d: 'M12 12.5H17V14.3H12Z M12 16.5H21V18.3H12Z M12 20.5H21V22.3H12Z', fill: color },
];

const BRAND_BLUE = '#1F4E9E';

export const SELLERS: SellerSeed[] = [
  {
    country_cd: 'US',
    name: 'ResumeNow, Inc.',
    address_lines: ['1200 Congress Avenue, Suite 400', 'Austin, TX 78701', 'United States'],
    email: 'support@resumenow.example',
    tax_id: null,
    tax_kind: null,
    tax_rate: null,
    paper_size: 'LETTER',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'CA',
    name: 'ResumeNow Canada Ltd.',
    address_lines: ['200 Bay Street, Suite 1500', 'Toronto, ON M5J 2J1', 'Canada'],
    email: 'support@resumenow.example.ca',
    tax_id: null,
    tax_kind: null,
    tax_rate: null,
    paper_size: 'LETTER',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'GB',
    name: 'ResumeNow UK Ltd',
    address_lines: ['1 Finsbury Avenue', 'London EC2M 2PF', 'United Kingdom'],
    email: 'support@resumenow.example.uk',
    tax_id: 'GB 123 4567 89',
    tax_kind: 'VAT',
    tax_rate: 20,
    paper_size: 'A4',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'DE',
    name: 'Lebenslauf Online GmbH',
    address_lines: ['Friedrichstraße 100', '10117 Berlin', 'Deutschland'],
    email: 'kundenservice@lebenslauf.example.de',
    tax_id: 'DE123456789',
    tax_kind: 'VAT',
    tax_rate: 19,
    paper_size: 'A4',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'FR',
    name: 'MonCV SAS',
    address_lines: ['10 rue de la Paix', '75002 Paris', 'France'],
    email: 'support@moncv.example.fr',
    tax_id: 'FR12 345678901',
    tax_kind: 'VAT',
    tax_rate: 20,
    paper_size: 'A4',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'ES',
    name: 'MiCV Servicios S.L.',
    address_lines: ['Calle de Alcalá 50', '28014 Madrid', 'España'],
    email: 'soporte@micv.example.es',
    tax_id: 'ESB12345678',
    tax_kind: 'VAT',
    tax_rate: 21,
    paper_size: 'A4',
    logo: logoMark(BRAND_BLUE),
  },
  {
    country_cd: 'IN',
    name: 'ResumeNow India Pvt. Ltd.',
    address_lines: ['5th Floor, Tower B, Cyber City', 'Gurugram, Haryana 122002', 'India'],
    email: 'support@resumenow.example.in',
    tax_id: '06AABCR1234Q1Z5',
    tax_kind: 'GST',
    tax_rate: 18,
    paper_size: 'A4',
    logo: logoMark(BRAND_BLUE),
  },
];

/**
 * Writes the default seller of every market that has none. Called on every start, so a database
 * made before the sellers existed gets them too, and a seller an operator changed stays as it is.
 */
export async function seedSellers(tx: Queryable): Promise<void> {
  for (const s of SELLERS) {
    await tx.query(
      `insert into sellers (country_cd, name, address_lines, email, tax_id, tax_kind, tax_rate, paper_size, logo)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (country_cd) do nothing`,
      [
        s.country_cd,
        s.name,
        JSON.stringify(s.address_lines),
        s.email,
        s.tax_id,
        s.tax_kind,
        s.tax_rate,
        s.paper_size,
        JSON.stringify(s.logo),
      ],
    );
  }
}
