-- The seller each market's receipts name: who sells, where it is, its tax number and the sales
-- tax in its prices (null where none is shown: the US and Canada), the paper its documents print
-- on and its logo mark. Rows are configuration: the seed writes a default for each market that
-- has none, and an operator's changes are kept.

create table sellers (
  country_cd text primary key,
  name text not null,
  address_lines jsonb not null,
  email text not null,
  tax_id text,
  tax_kind text check (tax_kind in ('VAT', 'GST')),
  tax_rate numeric(5, 2) check (tax_rate >= 0 and tax_rate < 100),
  paper_size text not null check (paper_size in ('A4', 'LETTER')),
  logo jsonb not null,
  check ((tax_kind is null) = (tax_rate is null))
);
