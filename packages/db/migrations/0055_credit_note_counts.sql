CREATE TABLE "credit_note_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"credit_notes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note_counts" ADD CONSTRAINT "credit_note_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_number_trgm_idx" ON "credit_notes" USING gin ("credit_note_number" gin_trgm_ops);
--> statement-breakpoint
-- hand-written: begin
-- Drizzle does not declare triggers. Like client_open_balances (0051): the counts start from the
-- credit notes as they are, then every insert and delete of a credit note moves its company's count
-- in the same transaction, so the count is exact whoever writes (the app, a seed, a company's
-- removal). A credit note never changes company, so updates leave the count alone.
INSERT INTO "credit_note_counts" ("company_id", "credit_notes")
SELECT "company_id", count(*)::int FROM "credit_notes" GROUP BY "company_id";--> statement-breakpoint
CREATE FUNCTION "credit_notes_track_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "credit_note_counts" AS c ("company_id", "credit_notes") VALUES (NEW."company_id", 1)
		ON CONFLICT ("company_id") DO UPDATE SET "credit_notes" = c."credit_notes" + 1;
		RETURN NEW;
	END IF;
	UPDATE "credit_note_counts" SET "credit_notes" = "credit_notes" - 1 WHERE "company_id" = OLD."company_id";
	RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_notes_track_count" AFTER INSERT OR DELETE ON "credit_notes"
FOR EACH ROW EXECUTE FUNCTION "credit_notes_track_count"();
-- hand-written: end
