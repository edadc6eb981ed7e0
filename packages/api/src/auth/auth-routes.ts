import {
  AUTH_MESSAGES,
  messageResponseSchema,
  registrationTrackingSchema,
  tokenResponseSchema,
  userResponseSchema,
} from '@ukd/contracts/api';
import { customMessages } from '@ukd/validation/messages';
import { z } from 'zod';
import { recordAcquisition } from '../acquisition/member-acquisition';
import { captchaField, requireCaptcha } from '../captcha/captcha';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { ApiError, fieldError, unauthenticated, validationFailed } from '../http/api-error';
import { clientContext } from '../http/client-context';
import { currentMember } from '../http/member-auth';
import { tooManyRequests } from '../http/rate-limiter';
import { accepted, body, email, messages, oneOf, text } from '../http/rules';
import { sendConfirmationMail } from '../mail/account-mails';
import { memberCounters } from '../members/member-counters';
import { shownPhotoOfMember } from '../photos/photo-resource';
import { closeSessionSockets } from '../realtime/session-sockets';
import { userResource } from '../user-resource';
import { LoginThrottle } from './login-throttle';
import { insertMember, memberByEmail, takenBy } from './member-queries';
import { isCommonPassword } from './passwords';

const USERNAME = /^[A-Za-z0-9_.-]+$/;

export const passwordField = () =>
  text('password', {
    min: 8,
    max: 128,
    raw: true,
    check: (s) => (isCommonPassword(s) ? 'This password is too common. Please choose another.' : undefined),
  });

/** Laravel's `confirmed`: checked even when other fields failed, so the form shows every problem at once. */
export function withConfirmation<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (v: Record<string, unknown>) => typeof v.password !== 'string' || v.password === v.password_confirmation,
    {
      error: messages.confirmed('password'),
      path: ['password'],
      when: (payload) => {
        const v = payload.value as Record<string, unknown> | null;
        return typeof v === 'object' && v !== null && typeof v.password === 'string';
      },
    },
  );
}

function isAdult(dateOfBirth: string, now = new Date()): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(y + 18, m - 1, d);
  return eighteenth <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const date = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s) && date.getUTCFullYear() >= 1900;
}

const registerBody = withConfirmation(
  body({
    username: text('username', {
      min: 3,
      max: 30,
      pattern: {
        regex: USERNAME,
        message: 'The username may only contain letters, numbers, dashes, dots and underscores',
      },
    }),
    email: email('email', customMessages.email),
    password: passwordField(),
    password_confirmation: z.unknown().optional(),
    gender: oneOf('gender', ['male', 'female']),
    date_of_birth: text('date_of_birth', {
      max: 10,
      check: (s) => {
        if (!isRealDate(s)) return messages.date('date_of_birth');
        return isAdult(s) ? undefined : 'You must be at least 18 years old to join.';
      },
    }),
    city: text('city', { max: 100, requiredMessage: customMessages.cityRequired }),
    terms: accepted('terms'),
    captcha: captchaField(),
    tracking: registrationTrackingSchema.optional(),
  }),
);

const loginBody = body({
  email: text('email', { max: 254 }).transform((s) => s.toLowerCase()),
  password: text('password', { max: 1024, raw: true }),
});

const refreshBody = body({ refresh_token: text('refresh_token', { max: 256 }) });

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): error is { constraint?: string } {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
  }
  return false;
}

export const REGISTRATION_THROTTLED = 'Too many registrations from this address. Please try again later.';

export function authRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/register',
    {
      schema: {
        summary: 'Create a member account and log in; sends the confirmation email',
        tags: ['accounts'],
        body: registerBody,
        response: { 201: tokenResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const site = request.site;
      await requireCaptcha(ctx.captcha, input.captcha, request.ip);
      // Counted per IP before anything is looked up: "already taken" cannot be mined at scale.
      await ctx.limits.take(`register:ip:${request.ip}`, ctx.options.registrationLimit, (seconds) =>
        tooManyRequests(REGISTRATION_THROTTLED, seconds, 'email'),
      );
      const taken = await takenBy(ctx.db, site.id, input.email, input.username);
      const errors: Record<string, string[]> = {};
      if (taken.some((u) => u.email === input.email)) errors.email = [messages.taken('email')];
      if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
        errors.username = [messages.taken('username')];
      }
      if (Object.keys(errors).length) throw validationFailed(errors);

      const passwordHash = await ctx.passwords.hash(input.password);
      let user: UserRow;
      try {
        user = await insertMember(ctx.db, {
          siteId: site.id,
          username: input.username,
          email: input.email,
          passwordHash,
          gender: input.gender,
          dateOfBirth: input.date_of_birth,
          city: input.city,
        });
      } catch (error) {
        // Two sign-ups racing for the same name: the database decides, the loser gets the usual 422.
        if (isUniqueViolation(error)) throw fieldError('email', messages.taken('email or username'));
        throw error;
      }
      // SPEC §8: tracking errors are only logged; they never undo a registration.
      await recordAcquisition(ctx.db, user, input.tracking).catch((err: unknown) =>
        request.log.error({ err, userId: user.id }, 'registration tracking not stored'),
      );
      await sendConfirmationMail(ctx, site, user, request.log);
      const tokens = await ctx.sessions.start(user, site.key, clientContext(request));
      return reply.code(201).send({ data: tokens });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Log in with email and password',
        tags: ['auth'],
        body: loginBody,
        response: { 200: tokenResponseSchema, ...errorResponses, 429: errorResponses[422] },
      },
    },
    async (request) => {
      const { email: address, password } = request.body;
      const site = request.site;
      const keys = LoginThrottle.keys(site.id, address, request.ip);
      // Counted before the password is checked: parallel guesses each take their own place in the count.
      const wait = await ctx.throttle.attempt(keys);
      if (wait > 0) {
        const message = AUTH_MESSAGES.throttle(wait);
        throw new ApiError(429, message, { email: [message] }, { 'retry-after': String(wait) });
      }
      const user = await memberByEmail(ctx.db, site.id, address);
      const ok = await ctx.passwords.verify(user?.passwordHash, password);
      if (!user || !ok) throw fieldError('email', AUTH_MESSAGES.failed);
      await ctx.throttle.succeeded(keys);
      return { data: await ctx.sessions.start(user, site.key, clientContext(request)) };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        summary: 'Exchange a refresh token for a new token pair (the old refresh token is used up)',
        tags: ['auth'],
        body: refreshBody,
        response: { 200: tokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const outcome = await ctx.sessions.refresh(
        request.body.refresh_token,
        request.site.id,
        request.site.key,
        clientContext(request),
      );
      if (!outcome.ok) {
        if (outcome.reason === 'reused') {
          request.log.warn('refresh token reuse: session revoked');
          await closeSessionSockets(ctx, [outcome.sessionId], request.log);
        }
        throw unauthenticated();
      }
      return { data: outcome.tokens };
    },
  );
}

/** Routes of the signed-in member's own session (member scope). */
export function memberAuthRoutes(app: ApiApp, ctx: AppContext): void {
  app.post(
    '/logout',
    {
      schema: {
        summary: 'End the current session (its access and refresh tokens stop working)',
        tags: ['auth'],
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { sessionId } = currentMember(request);
      await ctx.sessions.revoke(sessionId, 'logout');
      await closeSessionSockets(ctx, [sessionId], request.log);
      return { message: 'Successfully logged out.' };
    },
  );

  app.post(
    '/me',
    {
      config: { readsOnly: true },
      schema: {
        summary: 'The current member (SPEC §3 User)',
        tags: ['auth'],
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const [settings, counters, primary] = await Promise.all([
        ctx.sites.settings(request.site.id),
        memberCounters(ctx.db, member.user.id),
        shownPhotoOfMember(ctx.db, member.user.id),
      ]);
      return {
        data: userResource(member.user, {
          apiUrl: ctx.options.apiUrl,
          settings,
          impersonated: member.impersonated,
          counters,
          primaryPhotoUrl: primary ? ctx.photoUrls.url(primary.file, { signed: false }) : null,
        }),
      };
    },
  );
}
