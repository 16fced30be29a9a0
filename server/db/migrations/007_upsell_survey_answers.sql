-- The upsell offers survey: why a person turned down the add-ons after a purchase. One answer
-- per upsell sequence (its key); sending it again answers the first answer.

create table upsell_survey_answers (
  answer_id bigint generated always as identity primary key,
  user_uid uuid not null references users (user_uid),
  transaction_id bigint references transactions (transaction_id),
  reason_cd text not null check (reason_cd in ('tooExpensive', 'notNeeded', 'alreadyHave', 'decideLater', 'other')),
  answer_key uuid not null unique,
  created_at timestamptz not null default now()
);

create index upsell_survey_answers_by_user on upsell_survey_answers (user_uid, created_at desc);
