-- Self-hosted ALTCHA proof-of-work captcha for the logged-out cancellation request.

-- Secrets every server process on this database shares. The captcha's HMAC key is made here,
-- once per database, from gen_random_uuid (a strong random source): 244 random bits.
-- CAPTCHA_HMAC_KEY in the environment takes its place when set.
create table server_secrets (
  name text primary key,
  secret text not null check (length(secret) >= 32),
  created_at timestamptz not null default now()
);

insert into server_secrets (name, secret)
values ('captcha_hmac', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
on conflict (name) do nothing;

-- Each solved challenge is accepted once: the hash of its signature is recorded in the same
-- transaction as the request it let through. Rows past expires_at may be pruned, since an
-- expired challenge is refused anyway.
create table captcha_solutions (
  challenge_hash text primary key,
  cancellation_number text,
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);

create index captcha_solutions_expires_at on captcha_solutions (expires_at);
