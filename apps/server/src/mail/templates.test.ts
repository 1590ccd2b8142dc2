import { describe, expect, test } from "vitest";
import {
  adminInvitationMail,
  dispatchAssignedMail,
  escapeHtml,
  invitationMail,
  pickupReminderMail,
} from "./templates";

const HOSTILE = `<a href="https://evil.example">Tom</a> & "Jerry"`;

describe("mail templates", () => {
  test("escapeHtml turns markup characters into entities", () => {
    expect(escapeHtml(`<b>"A" & 'B'</b>`)).toBe("&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;");
  });

  test("a name typed by a user is text in the HTML part, never a link", () => {
    for (const mail of [
      invitationMail("p@example.test", HOSTILE, "https://app.example/auth/reset?token=x&invite=1", "Acme"),
      adminInvitationMail("a@example.test", HOSTILE, "https://app.example/auth/reset?token=x", "Acme"),
    ]) {
      expect(mail.html).not.toContain('<a href="https://evil.example"');
      expect(mail.html).toContain("&#60;a href=&#34;https://evil.example&#34;&#62;Tom&#60;/a&#62;");
      // The plain-text part keeps the name as typed.
      expect(mail.text).toContain(HOSTILE);
    }
  });

  test("the PEVO invitation names the company (escaped in the HTML part)", () => {
    const mail = invitationMail("p@example.test", "Pat", "https://app.example/x", "Prairie <Pilot> Cars");
    expect(mail.subject).toBe("You're invited to the PEVO portal of Prairie <Pilot> Cars");
    expect(mail.text).toContain("Prairie <Pilot> Cars has added you as a pilot / escort vehicle operator");
    expect(mail.html).toContain("Prairie &#60;Pilot&#62; Cars has added you");
  });

  test("the admin invitation names the company (escaped in the HTML part)", () => {
    const mail = adminInvitationMail(
      "a@example.test",
      "Tom",
      "https://app.example/x",
      "Prairie <Pilot> Cars",
    );
    expect(mail.subject).toContain("Prairie <Pilot> Cars");
    expect(mail.text).toContain("administrator of Prairie <Pilot> Cars");
    expect(mail.html).toContain("administrator of Prairie &#60;Pilot&#62; Cars");
  });

  test("the dispatch alert escapes the PEVO's name and the job number", () => {
    const mail = dispatchAssignedMail(
      {
        email: "p@example.test",
        name: HOSTILE,
        jobNumber: "RC-<1>",
        pickupDate: "2025-06-10",
        pickupTime: "09:00",
      },
      "https://app.example/pevo/dispatches",
    );
    expect(mail.html).toContain("job RC-&#60;1&#62;");
    expect(mail.html).not.toContain('evil.example">');
    expect(mail.text).toContain("job RC-<1>");
  });

  test("the link's query string stays usable in the href", () => {
    const mail = invitationMail(
      "p@example.test",
      "Pat",
      "https://app.example/auth/reset?token=x&invite=1",
      "Acme",
    );
    expect(mail.html).toContain('href="https://app.example/auth/reset?token=x&#38;invite=1"');
  });

  test("the pickup reminder escapes what users typed and says when, in the company's zone", () => {
    const reminder = {
      which: "evening" as const,
      email: "p@example.test",
      name: HOSTILE,
      jobNumber: "RC-<1>",
      pickupDate: "2026-11-01",
      pickupTime: "09:00",
      zone: "CST",
      origin: "Houston <TX>",
      destination: "Denver, CO",
      driverName: "Dale",
      driverPhone: "(555) 123-4567",
    };
    const evening = pickupReminderMail(reminder, "https://app.example/pevo/dispatches");
    expect(evening.subject).toBe("Pickup reminder: RC-<1> tomorrow, 09:00 CST");
    expect(evening.text).toContain("Tomorrow: pickup for job RC-<1> on Nov 01, 2026 at 09:00 CST.");
    expect(evening.text).toContain("Route: Houston <TX> → Denver, CO");
    expect(evening.html).not.toContain('<a href="https://evil.example"');
    expect(evening.html).toContain("Houston &#60;TX&#62; → Denver, CO");
    expect(evening.html).toContain("https://app.example/pevo/dispatches");
    const soon = pickupReminderMail(
      { ...reminder, which: "two-hours", jobNumber: null, origin: null },
      "https://x",
    );
    expect(soon.subject).toBe("Pickup reminder: pickup in 2 hours, 09:00 CST");
    expect(soon.text).toContain("In 2 hours: pickup for your job on");
    expect(soon.text).not.toContain("Route:");
  });
});
