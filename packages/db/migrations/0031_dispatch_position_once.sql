ALTER TABLE "dispatches" ADD COLUMN "position_slot" integer;--> statement-breakpoint
-- The dispatches that cover a position today take slots 1, 2, … per position in the order they were
-- made; a duplicate made before the rule keeps a slot beyond the position count (no row is dropped).
UPDATE "dispatches" d SET "position_slot" = s.slot FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "rate_confirmation_id", "position_type", coalesce("position_name", '')
    ORDER BY "created_at", "id"
  ) AS slot
  FROM "dispatches"
  WHERE "status" <> 'canceled' AND "pevo_id" IS NOT NULL AND "rate_confirmation_id" IS NOT NULL
    AND "position_type" IS NOT NULL
) s WHERE d."id" = s."id";--> statement-breakpoint
CREATE UNIQUE INDEX "dispatches_position_once_idx" ON "dispatches" USING btree ("rate_confirmation_id","position_type",coalesce("position_name", ''),"position_slot") WHERE "dispatches"."status" <> 'canceled' and "dispatches"."pevo_id" is not null and "dispatches"."position_slot" is not null;
