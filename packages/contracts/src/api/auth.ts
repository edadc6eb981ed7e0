import { z } from 'zod';
import { registrationTrackingSchema } from './acquisition';

/** Answer of `POST /api/login`, `/register`, `/refresh`, `/impersonate` and `GET /api/payment/auth/{custom1}`. */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires (the client refreshes every 10 minutes). */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const tokenResponseSchema = z.object({ data: tokenPairSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const genderSchema = z.enum(['male', 'female']);
export type Gender = z.infer<typeof genderSchema>;

/** `POST /api/register`. */
export const registerRequestSchema = z.object({
  username: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
  gender: genderSchema,
  /** YYYY-MM-DD; the member must be 18 or older. */
  date_of_birth: z.string(),
  city: z.string(),
  /** Must be accepted (true). */
  terms: z.boolean(),
  /** The captcha provider's token (`CAPTCHA`). */
  captcha: z.string(),
  /** Where the visitor came from (SPEC §3); bad values are dropped, never refused. */
  tracking: registrationTrackingSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({ email: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: z.string() });
export const resetPasswordRequestSchema = z.object({
  token: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Body of `/confirm-email` and `/unsubscribe`: the token from the link's query string. */
export const linkTokenRequestSchema = z.object({ token: z.string() });
export const impersonateRequestSchema = z.object({ impersonate_token: z.string() });

/** A plain acknowledgement, e.g. `{ message: 'Your password has been reset!' }`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Texts of SPEC §8 that the API answers with, word for word. */
export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttle: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  passwordReset: 'Your password has been reset!',
  resetLinkSent: 'We have e-mailed your password reset link!',
  resetTokenInvalid: 'This password reset token is invalid.',
  resetUserUnknown: "We can't find a user with that e-mail address.",
} as const;
