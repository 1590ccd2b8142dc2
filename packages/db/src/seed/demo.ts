import { eq } from "drizzle-orm";
import type { Database } from "../index";
import { missingRow } from "../rows";
import { companies, pevoCertifications, pevoInsurance, pevos } from "../schema";
import { day, seedDemoJobs } from "./demo-jobs";
import { createClient, insertCompanyWithAdmin, insertLogin } from "./factories";

/** How the server hashes passwords (Better Auth's hashPassword): the seed makes real logins. */
export type HashPassword = (password: string) => Promise<string>;

export const DEMO_COMPANY_NAME = "Demo Escort Services";
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@demo-escort.test", password: "demo-admin-2025" },
  pevo: { email: "pevo@demo-escort.test", password: "demo-pevo-2025" },
} as const;

const DEMO_CLIENTS = [
  {
    name: "Lone Star Heavy Haul",
    contactPerson: "Maria Gonzales",
    mcNumber: "884213",
    dotNumber: "2938471",
    email: "dispatch@lonestarheavy.test",
    phone: "(512) 555-0142",
    address: "4100 Industrial Blvd, Austin, TX 78744",
  },
  {
    name: "Great Plains Transport",
    contactPerson: "Dale Nygaard",
    mcNumber: "551907",
    dotNumber: "1846602",
    email: "ops@greatplains.test",
    phone: "(701) 555-0188",
    cellPhone: "(701) 555-0119",
    address: "220 Prairie Rd, Fargo, ND 58102",
  },
  {
    name: "Cascade Wind Logistics",
    contactPerson: "Priya Raman",
    mcNumber: "730056",
    dotNumber: "3301928",
    email: "loads@cascadewind.test",
    phone: "(503) 555-0165",
    fax: "(503) 555-0166",
    address: "88 Riverfront Way, Portland, OR 97209",
  },
  { name: "Gulf Coast Crane & Rigging", contactPerson: "Travis Boudreaux", phone: "(337) 555-0193" },
];

export async function hasAnyCompany(db: Database) {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}

/** The demo company of DECISIONS.md: real accounts with sample data. */
export async function seedDemoCompany(db: Database, hashPassword: HashPassword) {
  const { company, admin } = await insertCompanyWithAdmin(db, {
    companyName: DEMO_COMPANY_NAME,
    contactPerson: "Jordan Avery",
    email: DEMO_ACCOUNTS.admin.email,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.admin.password),
    emailVerified: true,
    isDemo: true,
  });
  await db
    .update(companies)
    .set({
      address: "1200 Commerce St, Dallas, TX 75202",
      phone: "(214) 555-0100",
      mcNumber: "100200",
      dotNumber: "3000100",
    })
    .where(eq(companies.id, company.id));

  const pevoPasswordHash = await hashPassword(DEMO_ACCOUNTS.pevo.password);
  await db.transaction(async (tx) => {
    const pevoUser = await insertLogin(tx, {
      companyId: company.id,
      email: DEMO_ACCOUNTS.pevo.email,
      passwordHash: pevoPasswordHash,
      role: "pevo",
      name: "Casey Whitfield",
      companyName: DEMO_COMPANY_NAME,
      contactPerson: "Casey Whitfield",
      emailVerified: true,
      firstName: "Casey",
      lastName: "Whitfield",
    });
    const pevoRows = await tx
      .insert(pevos)
      .values([
        {
          companyId: company.id,
          createdBy: admin.id,
          userId: pevoUser.id,
          firstName: "Casey",
          lastName: "Whitfield",
          email: DEMO_ACCOUNTS.pevo.email,
          phone: "(469) 555-0134",
          licenseNumber: "TX-PEVO-44821",
          certificationExpiry: day(400),
        },
        {
          companyId: company.id,
          createdBy: admin.id,
          firstName: "Ray",
          lastName: "Delgado",
          phone: "(915) 555-0177",
          licenseNumber: "AZ-PE-20931",
          certificationExpiry: day(20),
        },
      ])
      .returning({ id: pevos.id, firstName: pevos.firstName, lastName: pevos.lastName });
    // Approved credentials: every assignment checks insurance and the licence, and a route through
    // a certification state checks the certificate (DECISIONS 'Every assignment is checked').
    const [casey = missingRow("pevo"), ray = missingRow("pevo")] = pevoRows;
    await tx.insert(pevoInsurance).values([
      {
        companyId: company.id,
        pevoId: casey.id,
        type: "auto_liability",
        carrier: "Lone Star Mutual",
        policyNumber: "AL-448210",
        coverageCents: 100_000_000,
        expiresOn: day(300),
      },
      {
        companyId: company.id,
        pevoId: ray.id,
        type: "auto_liability",
        carrier: "Desert Casualty",
        policyNumber: "AL-209317",
        coverageCents: 100_000_000,
        expiresOn: day(240),
      },
    ]);
    await tx.insert(pevoCertifications).values([
      {
        companyId: company.id,
        pevoId: casey.id,
        state: "TX",
        certificateNumber: "TX-PE-7731",
        expiresOn: day(500),
      },
      {
        companyId: company.id,
        pevoId: ray.id,
        state: "AZ",
        certificateNumber: "AZ-PE-1180",
        expiresOn: day(420),
      },
    ]);
    const clientRows = [];
    for (const client of DEMO_CLIENTS)
      clientRows.push(await createClient(tx, company.id, { ...client, createdBy: admin.id }));
    await seedDemoJobs(tx, {
      companyId: company.id,
      adminId: admin.id,
      clientIds: clientRows.map((c) => c.id),
      clientNames: clientRows.map((c) => c.name),
      pevoIds: pevoRows.map((p) => p.id),
      pevoNames: pevoRows.map((p) => `${p.firstName} ${p.lastName}`),
    });
  });

  return { company, admin };
}
