-- Issue 22: what the dashboard rollups' triggers (migration 0028) cost the writers. On a scratch
-- database with the migrations applied (any: it only adds rows of a merchant of its own and
-- rolls them back), times the same writes with the rollup triggers on and off, in one run:
--   psql -h 127.0.0.1 -U postgres -d <database> -f bench/dashboard-write-cost.sql
-- 1. 40,000 contacts inserted in one statement (an import's insert);
-- 2. 100,000 deliveries queued in one statement (a campaign's delivery rows);
-- 3. the dispatcher's shape: 1,000 claims of 100 rows (queued -> sending), then 1,000 outcome
--    statements of 100 rows (sending -> sent, 5 % failed);
-- 4. 2,000 single-row updates that change no rolled-up column (an open's tracking update).
\set QUIET on
\pset pager off
create or replace function pg_temp.write_cost(triggers boolean) returns table(step text, ms numeric) language plpgsql as $$
declare
  m int; c int; t0 timestamptz; i int;
begin
  if not triggers then
    alter table contacts disable trigger contact_days_insert;
    alter table deliveries disable trigger delivery_days_insert;
    alter table deliveries disable trigger delivery_days_update;
  end if;
  insert into merchants (name) values ('write cost') returning id into m;
  insert into campaigns (merchant_id, name, channel, status) values (m, 'write cost', 0, 5) returning id into c;
  t0 := clock_timestamp();
  insert into contacts (merchant_id, first_name, email, opt_token)
  select m, 'W' || g, 'w' || g || '.' || m || '@example.com', 'wc-' || m || '-' || g from generate_series(1, 40000) g;
  step := 'insert 40,000 contacts'; ms := round(extract(epoch from clock_timestamp() - t0)::numeric * 1000, 1); return next;
  t0 := clock_timestamp();
  insert into deliveries (merchant_id, campaign_id, contact_id, channel, to_address)
  select m, c, g, 0, 'x' from generate_series(1, 100000) g;
  step := 'queue 100,000 deliveries'; ms := round(extract(epoch from clock_timestamp() - t0)::numeric * 1000, 1); return next;
  t0 := clock_timestamp();
  for i in 0..999 loop
    update deliveries set status = 'sending' where campaign_id = c and contact_id > i * 100 and contact_id <= (i + 1) * 100;
  end loop;
  step := '1,000 claims of 100'; ms := round(extract(epoch from clock_timestamp() - t0)::numeric * 1000, 1); return next;
  t0 := clock_timestamp();
  for i in 0..999 loop
    update deliveries set status = case when contact_id % 20 = 0 then 'failed' else 'sent' end,
      sent_at = case when contact_id % 20 = 0 then null else clock_timestamp() end
    where campaign_id = c and contact_id > i * 100 and contact_id <= (i + 1) * 100;
  end loop;
  step := '1,000 outcomes of 100'; ms := round(extract(epoch from clock_timestamp() - t0)::numeric * 1000, 1); return next;
  t0 := clock_timestamp();
  for i in 1..2000 loop
    update deliveries set opened_at = clock_timestamp() where campaign_id = c and contact_id = i * 41;
  end loop;
  step := '2,000 single-row opens'; ms := round(extract(epoch from clock_timestamp() - t0)::numeric * 1000, 1); return next;
  raise exception 'rollback' using errcode = 'P0001';
exception when sqlstate 'P0001' then
  return;
end $$;
\echo rollup triggers on
select * from pg_temp.write_cost(true);
\echo rollup triggers off
select * from pg_temp.write_cost(false);
\echo rollup triggers on
select * from pg_temp.write_cost(true);
