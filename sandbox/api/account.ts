import { http, HttpResponse } from "msw";
import { z } from "zod";
import type { Agency, User } from "../model";
import {
  domainModelOf,
  fail,
  parseBody,
  requireAcceptModel,
  requireBodyModel,
  requireUser,
  type SandboxContext,
} from "./common";

const passwordRule = z
  .string()
  .min(8, "must have at least 8 characters")
  .regex(/[A-Z]/, "needs a capital letter")
  .regex(/[a-z]/, "needs a small letter")
  .regex(/[0-9]/, "needs a digit");

const agencyWithUserSchema = z.object({
  AgencyName: z.string().trim().min(1),
  ManagerFirstName: z.string().trim().min(1),
  ManagerLastName: z.string().trim().min(1),
  PhoneNumber: z.string().trim().min(7),
  Email: z.string().email(),
  CountryCode: z.string().regex(/^[A-Z]{2}$/),
  City: z.string().trim().min(1),
  Address: z.string().trim().min(1),
});

/** A registration: the agency's details with its first user's name and password. */
const createAgencySchema = agencyWithUserSchema.extend({
  UserName: z.string().regex(/^[A-Za-z0-9._-]{3,50}$/),
  Password: passwordRule,
});

const changePasswordSchema = z.object({
  CurrentPassword: z.string(),
  NewPassword: passwordRule,
  ConfirmPassword: z.string(),
});

/** The AgencyWithUserDTO wire shape. */
function agencyWithUser(user: User, agency: Agency) {
  return {
    AgencyId: agency.id,
    AgencyName: agency.name,
    ManagerFirstName: agency.managerFirstName,
    ManagerLastName: agency.managerLastName,
    PhoneNumber: agency.phone,
    Email: agency.email,
    EmailConfirmed: agency.emailConfirmed,
    CountryCode: agency.countryCode,
    City: agency.city,
    Address: agency.address,
    UserName: user.userName,
  };
}

/** Profile, agency and user endpoints: /api/Client, /api/AgencyClient, /api/Users. */
export function accountHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.get(`${base}/api/Client`, ({ request }) => {
      const model = domainModelOf(request.headers.get("Accept"));
      const { state } = store;
      if (model === "CurrencyData")
        return HttpResponse.json(
          state.currencies.map(({ id, code, sign, title }) => ({
            Id: id,
            Code: code,
            Sign: sign,
            Title: title,
          })),
        );
      if (model === "BankData")
        return HttpResponse.json(state.banks.map(({ id, name }) => ({ Id: id, Name: name })));
      const { user, agency } = requireUser(ctx, request);
      if (model !== "UserProfileData")
        fail(400, `Unknown domain model ${model ?? "(none)"} for /api/Client.`);
      return HttpResponse.json({
        UserName: user.userName,
        AgencyName: agency.name,
        ShouldVerifyEmail: user.shouldVerifyEmail,
      });
    }),

    http.post(`${base}/api/AgencyClient`, async ({ request }) => {
      requireBodyModel(request, "CreateAgencyDTO");
      requireAcceptModel(request, null);
      const body = await parseBody(request, createAgencySchema);
      ctx.secrets.add(body.Password);
      const { state } = store;
      // A taken user name is answered as any application is: what the portal shows must not tell
      // anyone which names exist. The application waits for review with no user; the reviewer
      // writes to its email address.
      const taken = state.users.some(
        (user) => user.userName.toLowerCase() === body.UserName.toLowerCase(),
      );
      const agencyId = store.nextId();
      state.agencies.push({
        id: agencyId,
        name: body.AgencyName,
        managerFirstName: body.ManagerFirstName,
        managerLastName: body.ManagerLastName,
        phone: body.PhoneNumber,
        email: body.Email,
        emailConfirmed: false,
        countryCode: body.CountryCode,
        city: body.City,
        address: body.Address,
        status: taken ? "duplicate-user-name" : "pending",
      });
      if (!taken)
        state.users.push({
          userName: body.UserName,
          password: body.Password,
          agencyId,
          shouldVerifyEmail: true,
        });
      store.save();
      return HttpResponse.json({ AgencyId: agencyId }, { status: 201 });
    }),

    http.get(`${base}/api/AgencyClient`, ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      requireAcceptModel(request, "AgencyWithUserDTO");
      return HttpResponse.json(agencyWithUser(user, agency));
    }),

    http.put(`${base}/api/AgencyClient`, async ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      requireBodyModel(request, "AgencyWithUserDTO");
      requireAcceptModel(request, "AgencyWithUserDTO");
      const body = await parseBody(request, agencyWithUserSchema);
      const emailChanged = body.Email.toLowerCase() !== agency.email.toLowerCase();
      Object.assign(agency, {
        name: body.AgencyName,
        managerFirstName: body.ManagerFirstName,
        managerLastName: body.ManagerLastName,
        phone: body.PhoneNumber,
        email: body.Email,
        countryCode: body.CountryCode,
        city: body.City,
        address: body.Address,
      });
      // Saving sends a confirmation email (spec §8); the address is verified once its link is followed,
      // which tests do through POST /__sandbox/email-confirmations/confirm.
      if (emailChanged || !agency.emailConfirmed) {
        agency.emailConfirmed = false;
        user.shouldVerifyEmail = true;
        store.state.pendingEmailConfirmations = store.state.pendingEmailConfirmations
          .filter((entry) => entry.agencyId !== agency.id)
          .concat({ agencyId: agency.id, email: agency.email });
      }
      store.save();
      return HttpResponse.json(agencyWithUser(user, agency));
    }),

    http.put(`${base}/api/Users`, async ({ request }) => {
      const { user } = requireUser(ctx, request);
      requireBodyModel(request, "CurrentUserChangePasswordDto");
      requireAcceptModel(request, null);
      const body = await parseBody(request, changePasswordSchema);
      ctx.secrets.add(body.CurrentPassword, body.NewPassword, body.ConfirmPassword);
      if (body.CurrentPassword !== user.password) fail(400, "The current password is incorrect.");
      if (body.NewPassword !== body.ConfirmPassword)
        fail(400, "The new password and its confirmation do not match.");
      user.password = body.NewPassword;
      // As the contract asks: every token of the user is refused from now on, this one too.
      store.state.tokens = store.state.tokens.filter((entry) => entry.userName !== user.userName);
      store.save();
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
