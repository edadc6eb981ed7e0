import { CAPTCHA } from '@ukd/contracts/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, registerMember, startTestApi, type TestApi } from '../test/harness';
import { openTickets, setTicketStatus } from './ticket-queries';

const request = {
  topic: 'payments',
  email: 'm@example.com',
  message: 'Where are my credits?',
  captcha: CAPTCHA.testToken,
};
let ipCounter = 0;
const freshIp = () => `10.15.0.${++ipCounter}`;

for (const { driver, skip } of drivers) {
  describe.skipIf(skip)(`support tickets for operators (${driver})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it('shows the member the status an operator sets, and lists only open tickets for operators', async () => {
      const owner = await registerMember(api);
      const ticket = (
        await api.call('POST', '/api/support-tickets', {
          body: request,
          token: owner.access_token,
          ip: freshIp(),
        })
      ).json().data;
      expect((await openTickets(api.context.db)).map((t) => t.reference)).toContain(ticket.reference);
      expect(await setTicketStatus(api.context.db, ticket.reference.toLowerCase(), 'answered')).toBe(true);
      expect(await setTicketStatus(api.context.db, 'FL-NOPE', 'closed')).toBe(false);
      const seen = await api.call('GET', `/api/support-tickets/${ticket.reference}`, {
        token: owner.access_token,
      });
      expect(seen.json().data.status).toBe('answered');
      expect((await openTickets(api.context.db)).map((t) => t.reference)).not.toContain(ticket.reference);
      // The member's data export carries their requests.
      const exported = (await api.call('GET', '/api/account/export', { token: owner.access_token })).json();
      expect(exported.support_requests).toMatchObject([{ reference: ticket.reference, status: 'answered' }]);
    });
  });
}
