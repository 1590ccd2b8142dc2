import { describe, expect, test } from "vitest";
import { adminInvitationMail, dispatchAssignedMail, escapeHtml, invitationMail } from "./templates";

const HOSTILE = `<a href="https://evil.example">Tom</a> & "Jerry"`;

describe("mail templates", () => {
  test("escapeHtml turns markup characters into entities", () => {
    expect(escapeHtml(`<b>"A" & 'B'</b>`)).toBe("&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;");
  });

  test("a name typed by a user is text in the HTML part, never a link", () => {
    for (const mail of [
      invitationMail("p@example.test", HOSTILE, "https://app.example/auth/reset?token=x&invite=1"),
      adminInvitationMail("a@example.test", HOSTILE, "https://app.example/auth/reset?token=x", "Acme"),
    ]) {
      expect(mail.html).not.toContain('<a href="https://evil.example"');
      expect(mail.html).toContain("&#60;a href=&#34;https://evil.example&#34;&#62;Tom&#60;/a&#62;");
      // The plain-text part keeps the name as typed.
      expect(mail.text).toContain(HOSTILE);
    }
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
    const mail = invitationMail("p@example.test", "Pat", "https://app.example/auth/reset?token=x&invite=1");
    expect(mail.html).toContain('href="https://app.example/auth/reset?token=x&#38;invite=1"');
  });
});
