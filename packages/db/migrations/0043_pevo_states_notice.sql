-- hand-written: begin
-- The PEVO form's "Certified States" ticks (pevos.states) are retired: the state certifications
-- (pevo_certifications: state, number, expiry, proof) are what the qualification check reads, and
-- the next migration drops the column (DECISIONS 'One model of state certifications'). The ticks
-- were never checked against a route and carry no number, expiry or proof, so they cannot become
-- certification records; each PEVO that had some gets an activity event naming them, so the office
-- can record the real certifications. Runs before the drop (a custom migration: it has no schema
-- change of its own).
INSERT INTO "activity_events" ("company_id", "actor_id", "type", "status", "pevo", "pevo_id", "message")
SELECT "company_id", NULL, 'credential_changed', 'pending',
	left("first_name" || ' ' || "last_name", 500), "id",
	left(
		'Certified States ticked for ' || "first_name" || ' ' || "last_name" || ' before state certifications were tracked: '
		|| array_to_string("states", ', ')
		|| '. They were never checked against routes and are no longer kept: record each as a state certification (number, expiry, proof) on the PEVO''s page.',
		500
	)
FROM "pevos"
WHERE cardinality("states") > 0;
-- hand-written: end
