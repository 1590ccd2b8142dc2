/**
 * Documents on both storage back ends: the local disk (a temporary folder) and S3 (s3rver, an
 * S3-compatible server started in-process on a random port, its bucket created through the SDK).
 * Type sniffing (PDF, PNG, JPEG, WebP, HEIC), the size limit, sanitized names, tenant and cross-PEVO
 * isolation, orphan-free deletes (of a document, and of its owner) and uploads (an object stored
 * without its row is purged after the grace), the purge of a queue longer than a batch, download
 * headers, and a PEVO kept from deleting the proof of an approved credential.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { activityEvents, documentFileDeletions, documents, jobs, missingRow } from "@pevo/db";
import { FILE_LIMITS } from "@pevo/shared";
import { and, eq, ne, sql } from "drizzle-orm";
// @ts-expect-error s3rver ships no types (a test-only dev dependency)
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../../test/company-id";
import { createTestApp, type TestApp, type TestPevo } from "../../../test/harness";
import { DOCUMENT_PURGE, PURGE_BATCH, queueUpload, UPLOAD_GRACE_MS } from "../../domain/documents/file-queue";
import { PURGE_RETRY_MS } from "../../domain/documents/purge-job";
import { jobHandlers } from "../../jobs";
import { runDueJobs } from "../../lib/jobs";
import { diskStorage, type FileStorage, newStorageKey, s3Storage } from "../../lib/storage";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../../test/fixtures", name));
const PNG = fixture("photo.png");
const PDF = fixture("sample.pdf");
const JPEG = fixture("photo.jpg");
const WEBP = fixture("photo.webp");
/** A minimal HEIC: the `ftyp` box (brand heic) and a `meta` box with its `pict` handler. */
const HEIC = fixture("photo.heic");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

/** A multipart upload body: one file and its category. */
function form(bytes: Uint8Array, name: string, category = "other", type = "application/octet-stream") {
  const body = new FormData();
  body.set("file", new File([bytes], name, { type }));
  if (category) body.set("category", category);
  return body;
}

type Backend = {
  name: "disk" | "s3";
  storage: FileStorage;
  /** Every object key in the storage. */
  objects: () => Promise<string[]>;
  stop: () => Promise<void>;
};

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}

async function diskBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "pevo-docs-disk-"));
  return {
    name: "disk",
    storage: diskStorage(dir),
    objects: async () => listFiles(dir),
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "pevo-docs-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const bucket = "pevo-documents";
  const admin = new S3Client({ region: "us-east-1", endpoint, credentials, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    name: "s3",
    storage: s3Storage({
      kind: "s3",
      bucket,
      region: "us-east-1",
      endpoint,
      credentials,
      forcePathStyle: true,
    }),
    objects: async () => {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? "");
    },
    stop: async () => {
      admin.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  { name: "disk", make: diskBackend },
  { name: "s3", make: s3Backend },
])("documents on $name storage", ({ make }) => {
  let backend: Backend;
  let t: TestApp;
  let adminA: { cookie: string; companyId: string };
  let adminB: { cookie: string };
  let pevo1: TestPevo;
  let pevo2: TestPevo;
  let rcId: string;
  let dispatch1: string;

  beforeAll(async () => {
    backend = await make();
    t = await createTestApp({ storage: backend.storage });
    const two = await t.createTwoCompanies();
    adminA = two.adminA;
    adminB = two.adminB;
    pevo1 = two.pevo1;
    pevo2 = two.pevo2;
    const client = await t.createClient(adminA);
    rcId = (await t.createRateConfirmation(adminA, { clientId: client.id })).id;
    dispatch1 = (await t.createDispatch(adminA, { rateConfirmationId: rcId, pevoId: pevo1.pevoId })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await backend?.stop();
  });

  const upload = (caller: { cookie: string }, path: string, body: FormData) =>
    t.request("POST", path, { cookie: caller.cookie, body });
  const storageKey = async (id: string) => {
    const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
    return row?.storageKey;
  };
  const documentCount = async () => (await t.db.select({ id: documents.id }).from(documents)).length;

  test("the office uploads a PNG to a PEVO and downloads the same bytes with safe headers", async () => {
    const res = await upload(
      adminA,
      `/api/pevos/${pevo1.pevoId}/documents`,
      form(PNG, "card.png", "certificate"),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      category: "certificate",
      fileName: "card.png",
      contentType: "image/png",
      size: PNG.byteLength,
      uploadedBy: "Pat Admin",
      canDelete: true,
    });
    const key = await storageKey(res.body.id);
    expect(key).toMatch(new RegExp(`^${adminA.companyId}/[0-9a-f-]{36}$`));
    expect(await backend.storage.exists(key as string)).toBe(true);
    expect(await backend.objects()).toContain(key);

    const list = await t.as(adminA)("GET", `/api/pevos/${pevo1.pevoId}/documents`);
    expect(list.status).toBe(200);
    expect(list.body.map((d: { id: string }) => d.id)).toContain(res.body.id);

    const file = await t.app.request(`http://localhost:3000/api/documents/${res.body.id}/file`, {
      headers: { cookie: adminA.cookie },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="card.png"; filename*=UTF-8''card.png`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");

    const inline = await t.app.request(`http://localhost:3000/api/documents/${res.body.id}/file?inline=1`, {
      headers: { cookie: adminA.cookie },
    });
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; /);

    const [event = missingRow("activityEvents")] = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "document_uploaded"), eq(activityEvents.pevoId, pevo1.pevoId)));
    expect(event.message).toContain("card.png");
  });

  test("a real PDF is accepted on a rate confirmation and stays an attachment", async () => {
    const res = await upload(
      adminA,
      `/api/rate-confirmations/${rcId}/documents`,
      form(PDF, "permit TX.pdf", "permit"),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      contentType: "application/pdf",
      fileName: "permit TX.pdf",
      category: "permit",
    });
    const file = await t.app.request(`http://localhost:3000/api/documents/${res.body.id}/file?inline=1`, {
      headers: { cookie: adminA.cookie },
    });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="permit TX.pdf"/);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  test("JPEG, WebP and HEIC photos are accepted with their sniffed type, whatever the browser declared", async () => {
    const cases = [
      { bytes: JPEG, name: "plate.jpeg", contentType: "image/jpeg", fileName: "plate.jpeg" },
      { bytes: WEBP, name: "truck", contentType: "image/webp", fileName: "truck.webp" },
      { bytes: HEIC, name: "IMG_0042.HEIC", contentType: "image/heic", fileName: "IMG_0042.HEIC" },
    ];
    for (const c of cases) {
      const res = await upload(
        pevo1,
        `/api/portal/dispatches/${dispatch1}/documents`,
        form(c.bytes, c.name, "photo", "application/octet-stream"),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        contentType: c.contentType,
        fileName: c.fileName,
        size: c.bytes.byteLength,
      });
      const file = await t.app.request(`http://localhost:3000/api/documents/${res.body.id}/file`, {
        headers: { cookie: adminA.cookie },
      });
      expect(file.headers.get("content-type")).toBe(c.contentType);
      expect(Buffer.from(await file.arrayBuffer()).equals(c.bytes)).toBe(true);
    }
  });

  test("the type comes from the content: HTML renamed .pdf and an empty file are refused, nothing is kept", async () => {
    const before = { rows: await documentCount(), objects: (await backend.objects()).length };
    const html = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(HTML, "invoice.pdf", "other", "application/pdf"),
    );
    expect(html.status).toBe(400);
    expect(html.body.error).toMatch(/“invoice\.pdf” must be a PDF, JPEG, PNG, HEIC or WebP file/);
    expect(html.body.error).toMatch(/checked from the content/);

    const empty = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(new Uint8Array(), "x.png"),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("The file is empty");

    const noFile = new FormData();
    noFile.set("category", "photo");
    const missing = await upload(adminA, `/api/dispatches/${dispatch1}/documents`, noFile);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Choose a file to upload");

    const badCategory = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(PNG, "a.png", "selfie"),
    );
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.error).toBe("Choose a category");

    const json = await t.as(adminA)("POST", `/api/dispatches/${dispatch1}/documents`, { file: "x" });
    expect(json.status).toBe(400);
    expect(json.body.error).toMatch(/multipart\/form-data/);

    expect(await documentCount()).toBe(before.rows);
    expect((await backend.objects()).length).toBe(before.objects);
  });

  test("the size limit: 15 MB is the most, larger is refused without keeping anything", async () => {
    const before = { rows: await documentCount(), objects: (await backend.objects()).length };
    const limit = FILE_LIMITS.maxBytes;
    const big = new Uint8Array(limit + 1);
    big.set(PNG);
    const over = await upload(adminA, `/api/dispatches/${dispatch1}/documents`, form(big, "huge.png"));
    expect(over.status).toBe(413);
    expect(over.body.error).toBe("The file is larger than 15 MB");

    // Far over the limit without a Content-Length: cut off while reading.
    const huge = new Uint8Array(limit + 512 * 1024);
    huge.set(PNG);
    const streamed = await upload(adminA, `/api/dispatches/${dispatch1}/documents`, form(huge, "huge.png"));
    expect(streamed.status).toBe(413);

    // A declared Content-Length over the limit is refused before the body is read.
    const declared = await t.request("POST", `/api/dispatches/${dispatch1}/documents`, {
      cookie: adminA.cookie,
      body: "--x\r\n",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(limit * 2) },
    });
    expect(declared.status).toBe(413);

    // Exactly the limit is accepted.
    const exact = new Uint8Array(limit);
    exact.set(PNG);
    const ok = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(exact, "exact.png", "photo"),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.size).toBe(limit);

    expect(await documentCount()).toBe(before.rows + 1);
    expect((await backend.objects()).length).toBe(before.objects + 1);
    expect((await t.as(adminA)("DELETE", `/api/documents/${ok.body.id}`)).status).toBe(204);
  }, 60_000);

  test("names: folders, '../', control and bidi characters are stripped; the extension follows the content", async () => {
    const cases: [string, string][] = [
      ["../../etc/passwd\u0000.png", "passwd.png"],
      ["..\\..\\windows\\evil\u202Egnp.png", "evilgnp.png"],
      ["line\nbreak\t.png", "line break.png"],
      ["page.html", "page.html.png"],
      ["...", "document.png"],
      ["PHOTO.JPEG", "PHOTO.JPEG.png"],
      [`${"x".repeat(300)}.png`, `${"x".repeat(FILE_LIMITS.fileName - 4)}.png`],
      ['a"b<c>.png', "a_b_c_.png"],
    ];
    for (const [raw, expected] of cases) {
      const res = await upload(adminA, `/api/pevos/${pevo2.pevoId}/documents`, form(PNG, raw, "photo"));
      expect(res.status, raw).toBe(201);
      expect(res.body.fileName, JSON.stringify(raw)).toBe(expected);
      const key = await storageKey(res.body.id);
      expect(key).not.toContain("passwd");
      expect(key).toMatch(/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    }
    const utf = await upload(
      adminA,
      `/api/pevos/${pevo2.pevoId}/documents`,
      form(PNG, "Zulassung Größe.png"),
    );
    const file = await t.app.request(`http://localhost:3000/api/documents/${utf.body.id}/file`, {
      headers: { cookie: adminA.cookie },
    });
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Zulassung Gr__e.png"; filename*=UTF-8''Zulassung%20Gr%C3%B6%C3%9Fe.png`,
    );
  });

  test("tenant isolation: company B's admin gets 404 for A's documents and owners, and changes nothing", async () => {
    const res = await upload(adminA, `/api/pevos/${pevo1.pevoId}/documents`, form(PNG, "a.png", "license"));
    const id = res.body.id;
    const b = t.as(adminB);
    expect((await b("GET", `/api/documents/${id}/file`)).status).toBe(404);
    expect((await b("DELETE", `/api/documents/${id}`)).status).toBe(404);
    expect((await b("GET", `/api/pevos/${pevo1.pevoId}/documents`)).status).toBe(404);
    expect((await b("GET", `/api/rate-confirmations/${rcId}/documents`)).status).toBe(404);
    expect((await b("GET", `/api/dispatches/${dispatch1}/documents`)).status).toBe(404);
    const foreign = await upload(adminB, `/api/pevos/${pevo1.pevoId}/documents`, form(PNG, "b.png"));
    expect(foreign.status).toBe(404);
    expect(await storageKey(id)).toBeTruthy();
    expect(await backend.storage.exists((await storageKey(id)) as string)).toBe(true);
    // A PEVO has no office routes.
    expect((await t.as(pevo1)("GET", `/api/documents/${id}/file`)).status).toBe(403);
  });

  test("the portal: a PEVO's own profile and dispatch documents only; deletes only their own uploads", async () => {
    const p1 = t.as(pevo1);
    const p2 = t.as(pevo2);
    const profile = await upload(pevo1, "/api/portal/documents", form(PNG, "my card.png", "certificate"));
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    expect(profile.body).toMatchObject({ uploadedBy: "Paula One", canDelete: true });
    const onJob = await upload(
      pevo1,
      `/api/portal/dispatches/${dispatch1}/documents`,
      form(PNG, "pod.png", "proof_of_delivery"),
    );
    expect(onJob.status, JSON.stringify(onJob.body)).toBe(201);
    const byOffice = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(PDF, "route.pdf", "route_survey"),
    );

    // pevo1 sees both, and the office's file on their dispatch (which they may not delete).
    const mine = await p1("GET", "/api/portal/documents");
    expect(mine.body.map((d: { id: string }) => d.id)).toContain(profile.body.id);
    const job = await p1("GET", `/api/portal/dispatches/${dispatch1}/documents`);
    const officeDoc = job.body.find((d: { id: string }) => d.id === byOffice.body.id);
    expect(officeDoc.canDelete).toBe(false);
    expect((await p1("GET", `/api/portal/documents/${byOffice.body.id}/file`)).status).toBe(200);
    const refused = await p1("DELETE", `/api/portal/documents/${byOffice.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("You can delete only the documents you uploaded");

    // pevo2 (a coworker) sees none of it.
    const theirs = await p2("GET", "/api/portal/documents");
    expect(JSON.stringify(theirs.body)).not.toContain(profile.body.id);
    for (const id of [profile.body.id, onJob.body.id, byOffice.body.id]) {
      expect((await p2("GET", `/api/portal/documents/${id}/file`)).status).toBe(404);
      expect((await p2("DELETE", `/api/portal/documents/${id}`)).status).toBe(404);
    }
    expect((await p2("GET", `/api/portal/dispatches/${dispatch1}/documents`)).status).toBe(404);
    expect(
      (await upload(pevo2, `/api/portal/dispatches/${dispatch1}/documents`, form(PNG, "x.png"))).status,
    ).toBe(404);
    // Documents of the rate confirmation stay the office's.
    const rcDoc = (await t.as(adminA)("GET", `/api/rate-confirmations/${rcId}/documents`)).body[0];
    expect((await p1("GET", `/api/portal/documents/${rcDoc.id}/file`)).status).toBe(404);

    // The office sees the PEVO's uploads.
    const officeList = await t.as(adminA)("GET", `/api/pevos/${pevo1.pevoId}/documents`);
    expect(officeList.body.map((d: { id: string }) => d.id)).toContain(profile.body.id);

    const key = (await storageKey(onJob.body.id)) as string;
    expect((await p1("DELETE", `/api/portal/documents/${onJob.body.id}`)).status).toBe(204);
    expect(await storageKey(onJob.body.id)).toBeUndefined();
    expect(await backend.storage.exists(key)).toBe(false);
  });

  test("a failed row write leaves no object", async () => {
    const before = (await backend.objects()).length;
    await t.db.execute(
      sql`alter table documents add constraint test_refuse check (file_name <> 'refuse-me.png')`,
    );
    try {
      const res = await upload(adminA, `/api/pevos/${pevo1.pevoId}/documents`, form(PNG, "refuse-me.png"));
      expect(res.status).toBe(400);
    } finally {
      await t.db.execute(sql`alter table documents drop constraint test_refuse`);
    }
    expect((await backend.objects()).length).toBe(before);
  });

  test("orphan-free deletes: the row and the object go; deleting an owner removes its documents' objects", async () => {
    const doc = await upload(
      adminA,
      `/api/dispatches/${dispatch1}/documents`,
      form(PNG, "gone.png", "photo"),
    );
    const key = (await storageKey(doc.body.id)) as string;
    expect((await t.as(adminA)("DELETE", `/api/documents/${doc.body.id}`)).status).toBe(204);
    expect(await storageKey(doc.body.id)).toBeUndefined();
    expect(await backend.storage.exists(key)).toBe(false);
    expect((await t.as(adminA)("GET", `/api/documents/${doc.body.id}/file`)).status).toBe(404);
    expect((await t.as(adminA)("DELETE", `/api/documents/${doc.body.id}`)).status).toBe(404);

    // A dispatch, a rate confirmation and a roster PEVO, each with a file, deleted through the API.
    const client = await t.createClient(adminA);
    const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
    const dispatch = await t.createDispatch(adminA);
    const pevo = await t.as(adminA)("POST", "/api/pevos", {
      firstName: "Short",
      lastName: "Lived",
    });
    expect(pevo.status).toBe(201);
    const keys: string[] = [];
    for (const path of [
      `/api/rate-confirmations/${rc.id}/documents`,
      `/api/dispatches/${dispatch.id}/documents`,
      `/api/pevos/${pevo.body.id}/documents`,
    ]) {
      const res = await upload(adminA, path, form(PDF, "owned.pdf"));
      expect(res.status).toBe(201);
      keys.push((await storageKey(res.body.id)) as string);
    }
    expect((await t.as(adminA)("DELETE", `/api/rate-confirmations/${rc.id}`)).status).toBe(204);
    expect((await t.as(adminA)("DELETE", `/api/dispatches/${dispatch.id}`)).status).toBe(204);
    expect((await t.as(adminA)("DELETE", `/api/pevos/${pevo.body.id}`)).status).toBe(204);
    for (const key of keys) {
      expect(await backend.storage.exists(key), key).toBe(false);
      expect(await t.db.select().from(documents).where(eq(documents.storageKey, key))).toEqual([]);
    }
    expect(await t.db.select().from(documentFileDeletions)).toEqual([]);
    // Every object left in the storage has its row.
    const rows = new Set(
      (await t.db.select({ key: documents.storageKey }).from(documents)).map((r) => r.key),
    );
    expect((await backend.objects()).filter((k) => !rows.has(k))).toEqual([]);
  });

  test("an upload cut off between storing and its row: the queued object is purged after the grace", async () => {
    const scope = { companyId: asCompanyId(adminA.companyId) };
    const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: backend.storage });
    const queued = async (key: string) =>
      (await t.db.select().from(documentFileDeletions).where(eq(documentFileDeletions.storageKey, key)))[0];
    // What uploadDocument does before the row, then the process "dies": no row is ever written.
    const key = newStorageKey(adminA.companyId);
    await queueUpload(t.db, scope, key);
    await backend.storage.put(key, PNG, { contentType: "image/png" });
    const entry = (await queued(key)) ?? missingRow("documentFileDeletions");
    expect(entry.notBefore.getTime() - entry.createdAt.getTime()).toBeGreaterThanOrEqual(
      UPLOAD_GRACE_MS - 5000,
    );

    // A normal upload meanwhile: it leaves no queue entry, and its write's purge leaves the other alone.
    const normal = await upload(adminA, `/api/pevos/${pevo1.pevoId}/documents`, form(PNG, "normal.png"));
    expect(normal.status).toBe(201);
    expect(await queued((await storageKey(normal.body.id)) as string)).toBeUndefined();
    expect(await backend.storage.exists(key)).toBe(true);

    // The purge job is due by the end of the grace; a run before it leaves the object and waits for it.
    const [job = missingRow("jobs")] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, adminA.companyId), eq(jobs.key, DOCUMENT_PURGE)));
    expect(job.status).toBe("pending");
    expect(job.runAt.getTime()).toBeLessThanOrEqual(entry.notBefore.getTime());
    const before = new Date(entry.notBefore.getTime() - 60_000);
    await runDueJobs({ db: t.db, handlers, now: () => before });
    expect(await backend.storage.exists(key)).toBe(true);
    const [waiting] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(waiting).toMatchObject({ status: "pending", runAt: entry.notBefore });

    await runDueJobs({ db: t.db, handlers, now: () => new Date(entry.notBefore.getTime() + 1000) });
    expect(await backend.storage.exists(key)).toBe(false);
    expect(await queued(key)).toBeUndefined();
    expect(await backend.objects()).not.toContain(key);
  });

  test("a PEVO may not delete the proof of an approved credential (409); the office may", async () => {
    const doc = await upload(pevo1, "/api/portal/documents", form(PNG, "ny card.png", "certificate"));
    expect(doc.status).toBe(201);
    const cert = await t.as(pevo1)("POST", "/api/portal/credentials/certifications", {
      state: "NY",
      certificateNumber: "NY-PROOF-1",
      issuedOn: null,
      expiresOn: "2030-01-31",
      documentId: doc.body.id,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    // Pending review: still the PEVO's to change, the document may go.
    const spare = await upload(pevo1, "/api/portal/documents", form(PNG, "spare.png", "certificate"));
    const pending = await t.as(pevo1)("POST", "/api/portal/credentials/insurance", {
      type: "other",
      carrier: "Spare Mutual",
      policyNumber: "SP-1",
      coverageAmount: "",
      expiresOn: "2030-01-31",
      documentId: spare.body.id,
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    expect((await t.as(pevo1)("DELETE", `/api/portal/documents/${spare.body.id}`)).status).toBe(204);

    const review = await t.as(adminA)(
      "POST",
      `/api/pevos/${pevo1.pevoId}/credentials/certifications/${cert.body.id}/review`,
      { decision: "approved" },
    );
    expect(review.status).toBe(200);
    const refused = await t.as(pevo1)("DELETE", `/api/portal/documents/${doc.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "This document is the proof of your approved NY certification NY-PROOF-1, so it cannot be deleted. Ask the office if it must go.",
    );
    const key = (await storageKey(doc.body.id)) as string;
    expect(await backend.storage.exists(key)).toBe(true);

    expect((await t.as(adminA)("DELETE", `/api/documents/${doc.body.id}`)).status).toBe(204);
    expect(await backend.storage.exists(key)).toBe(false);
    const credentials = await t.as(adminA)("GET", `/api/pevos/${pevo1.pevoId}/credentials`);
    expect(credentials.body.certifications.find((c: { id: string }) => c.id === cert.body.id)).toMatchObject({
      reviewStatus: "approved",
      document: null,
    });
  });
});

describe("the document-purge job", () => {
  test("a queue longer than a batch is emptied: a run that read a full batch runs again", async () => {
    const backend = await diskBackend();
    const t = await createTestApp({ storage: backend.storage });
    try {
      const admin = await t.signUpAdmin({ companyName: "Big Purge Escorts" });
      const dispatch = await t.createDispatch(admin);
      const count = PURGE_BATCH * 2 + 5;
      const keys = Array.from({ length: count }, () => newStorageKey(admin.companyId));
      for (const key of keys) await backend.storage.put(key, PNG, { contentType: "image/png" });
      await t.db.insert(documents).values(
        keys.map((storageKey) => ({
          companyId: admin.companyId,
          ownerKind: "dispatch" as const,
          dispatchId: dispatch.id,
          storageKey,
          fileName: "bulk.png",
          contentType: "image/png",
          size: PNG.byteLength,
        })),
      );
      // One statement, outside any request: the trigger queues every object and makes the job due.
      await t.db.delete(documents).where(eq(documents.dispatchId, dispatch.id));
      expect(await t.db.select().from(documentFileDeletions)).toHaveLength(count);
      const [job = missingRow("jobs")] = await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.companyId, admin.companyId), eq(jobs.key, DOCUMENT_PURGE)));

      // Only the purge job is under test: the signup's daily credentials run may be due at this hour.
      await t.db.delete(jobs).where(ne(jobs.kind, DOCUMENT_PURGE));
      const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: backend.storage });
      const result = await runDueJobs({
        db: t.db,
        handlers,
        now: () => new Date(job.runAt.getTime() + 1000),
      });
      expect(result).toMatchObject({ rescheduled: 2, done: 1, failed: 0, retried: 0 });
      expect(await t.db.select().from(documentFileDeletions)).toEqual([]);
      expect(await backend.objects()).toEqual([]);
      const [after = missingRow("jobs")] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(after.status).toBe("done");
    } finally {
      await t.close();
      await backend.stop();
    }
  }, 120_000);

  test("an object the storage refuses to remove stays queued; the durable job retries it until it is gone", async () => {
    const backend = await diskBackend();
    let refuse = true;
    const storage: FileStorage = {
      ...backend.storage,
      delete: async (key) => {
        if (refuse) throw new Error("storage unreachable");
        await backend.storage.delete(key);
      },
    };
    const t = await createTestApp({ storage });
    try {
      const admin = await t.signUpAdmin({ companyName: "Purge Escorts" });
      const dispatch = await t.createDispatch(admin);
      const doc = await t.request("POST", `/api/dispatches/${dispatch.id}/documents`, {
        cookie: admin.cookie,
        body: form(PNG, "proof.png", "photo"),
      });
      expect(doc.status).toBe(201);
      const [row = missingRow("documents")] = await t.db
        .select()
        .from(documents)
        .where(eq(documents.id, doc.body.id));
      expect((await t.as(admin)("DELETE", `/api/documents/${doc.body.id}`)).status).toBe(204);
      // The row is gone at once; the object waits in the queue, and the trigger scheduled the job.
      expect(await backend.storage.exists(row.storageKey)).toBe(true);
      expect(await t.db.select().from(documentFileDeletions)).toHaveLength(1);
      const purgeJob = () =>
        t.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.companyId, admin.companyId), eq(jobs.key, DOCUMENT_PURGE)))
          .then((rows) => rows[0]);
      const scheduled = (await purgeJob()) ?? missingRow("jobs");
      expect(scheduled).toMatchObject({ kind: DOCUMENT_PURGE, status: "pending" });

      // Only the purge job is under test: the signup's daily credentials run may be due at this hour.
      await t.db.delete(jobs).where(ne(jobs.kind, DOCUMENT_PURGE));
      const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage });
      const at = (ms: number) => () => new Date(scheduled.runAt.getTime() + ms);
      expect(await runDueJobs({ db: t.db, handlers, now: at(1000) })).toMatchObject({ rescheduled: 1 });
      expect(await backend.storage.exists(row.storageKey)).toBe(true);
      expect((await purgeJob())?.status).toBe("pending");

      refuse = false;
      expect(await runDueJobs({ db: t.db, handlers, now: at(PURGE_RETRY_MS + 2000) })).toMatchObject({
        done: 1,
      });
      expect(await backend.storage.exists(row.storageKey)).toBe(false);
      expect(await t.db.select().from(documentFileDeletions)).toEqual([]);
      expect((await purgeJob())?.status).toBe("done");
    } finally {
      await t.close();
      await backend.stop();
    }
  }, 120_000);
});

describe("storage configuration", () => {
  test("DATA_DIR/files by default; S3 when S3_BUCKET is set; half-set credentials are refused", async () => {
    const { readConfig } = await import("../../env");
    expect(readConfig({ DATA_DIR: "/srv/pevo" }).storage).toEqual({ kind: "disk", dir: "/srv/pevo/files" });
    expect(
      readConfig({
        S3_BUCKET: "docs",
        S3_ENDPOINT: "http://minio:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "docs",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(() => readConfig({ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readConfig({ S3_ENDPOINT: "http://minio:9000" })).toThrow(/S3_BUCKET/);
  });

  test("a key that this module did not make never reaches a back end", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pevo-docs-keys-"));
    const storage = diskStorage(dir);
    try {
      for (const key of ["../etc/passwd", "a/b", "/tmp/x", "00000000-0000-0000-0000-000000000000/../x"]) {
        await expect(storage.put(key, PNG, { contentType: "image/png" })).rejects.toThrow(
          /Not a storage key/,
        );
        await expect(storage.get(key)).rejects.toThrow(/Not a storage key/);
      }
      expect(listFiles(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
