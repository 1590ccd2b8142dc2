ALTER TABLE "user" DROP CONSTRAINT "user_name_length";--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_name_length" CHECK (char_length("user"."name") <= 201);