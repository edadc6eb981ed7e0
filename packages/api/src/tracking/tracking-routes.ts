import {
  AB_TEST_GROUPS,
  AB_TEST_TYPES,
  AB_TEST_VALUES,
  NOTIFICATION_ACTION_TYPES,
  SITE_POPUP_ACTION_TYPES,
  TRACK_CLICK_BUTTON_TYPES,
  TRACK_CLICK_SECTION_TYPES,
  TRACK_CLICK_STATUSES,
  TRACKING_EVENTS_PER_MINUTE,
} from '@ukd/contracts/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { TrackingEventType } from '../db/realtime-schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError } from '../http/api-error';
import { currentMember } from '../http/member-auth';
import { body, messages, oneOf, query } from '../http/rules';
import { UUID } from '../http/uuid';
import { SEASONAL_EVENTS } from '../site-settings';
import { recordEvent } from './tracking-queries';

const clickBody = body({
  section_type: oneOf('section_type', TRACK_CLICK_SECTION_TYPES),
  button_type: oneOf('button_type', TRACK_CLICK_BUTTON_TYPES),
  status: oneOf('status', TRACK_CLICK_STATUSES).optional(),
});

const sitePopupBody = body({
  profile_user_uuid: z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? messages.required('profile_user_uuid')
          : messages.string('profile_user_uuid'),
    })
    .regex(UUID, { error: 'The profile user uuid must be a valid UUID.' })
    .transform((s) => s.toLowerCase())
    .optional(), // a seasonal offer popup is about no member
  // A notification's action type, or the seasonal event of an offer popup (billing, #12).
  notification_type: oneOf('notification_type', [...NOTIFICATION_ACTION_TYPES, ...SEASONAL_EVENTS] as const),
  action_type: oneOf('action_type', SITE_POPUP_ACTION_TYPES),
});

const abTestBody = body({
  ab_test_type: oneOf('ab_test_type', AB_TEST_TYPES),
  group: oneOf('group', AB_TEST_GROUPS),
  value: oneOf('value', AB_TEST_VALUES),
});

/** `x` and `t` from the query string (numbers as strings), refused when not plain integers. */
const integerParam = (field: string, min: number, max: number) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined ? messages.required(field) : `The ${field} must be an integer.`,
    })
    .regex(/^\d{1,9}$/, { error: `The ${field} must be an integer.` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `The ${field} must be between ${min} and ${max}.` });

const pushClickQuery = query({
  x: integerParam('x', 1, 1_000_000),
  t: integerParam('t', 1, 2),
});

const created = { 204: z.null().describe('Stored') };
const tooMany = 'Too many tracking events. Please slow down.';

export function trackingRoutes(app: ApiApp, ctx: AppContext): void {
  /** Stores one event, unless the member sent too many of this kind in the last minute (429). */
  async function record(
    request: FastifyRequest,
    reply: FastifyReply,
    type: TrackingEventType,
    data: Record<string, unknown>,
  ) {
    const member = currentMember(request);
    // Counted atomically before storing (parallel events each take their own place).
    const limit = await ctx.limits.hit(`tracking:${type}:${member.user.id}`, {
      maxAttempts: TRACKING_EVENTS_PER_MINUTE,
      decaySeconds: 60,
    });
    if (!limit.allowed) throw new ApiError(429, tooMany, undefined, { 'retry-after': '60' });
    await recordEvent(ctx.db, {
      siteId: member.user.siteId,
      userId: member.user.id,
      type,
      data,
      deviceId: request.deviceId,
    });
    return reply.code(204).send();
  }

  const common = { tags: ['tracking'] };
  const responses = { ...created, ...errorResponses, 429: z.object({ message: z.string() }) };

  app.post(
    '/user-track-clicks',
    {
      schema: {
        ...common,
        summary: 'Record a bell / menu click: section_type, button_type, status (opened or closed)',
        body: clickBody,
        response: responses,
      },
    },
    (request, reply) => record(request, reply, 'click', request.body),
  );

  app.post(
    '/site-popups',
    {
      schema: {
        ...common,
        summary: 'Record a notification popup impression or click',
        body: sitePopupBody,
        response: responses,
      },
    },
    (request, reply) => record(request, reply, 'site_popup', request.body),
  );

  app.post(
    '/ab-test-events',
    {
      schema: {
        ...common,
        summary: 'Record an A/B test event (promo_badge: v1 or v2, viewed or clicked)',
        body: abTestBody,
        response: responses,
      },
    },
    (request, reply) => record(request, reply, 'ab_test', request.body),
  );

  app.post(
    '/push-notification-clicks',
    {
      schema: {
        ...common,
        summary:
          'Record a desktop notification click: query x (source, 28) and t (1 message or favourite, 2 wink)',
        querystring: pushClickQuery,
        response: responses,
      },
    },
    (request, reply) => record(request, reply, 'push_click', request.query),
  );
}
