import { z } from "zod";
import { callProvider, defineCall } from "./call.server";
import type { ProviderContext } from "./request.server";

const agencyFields = {
  AgencyName: z.string(),
  ManagerFirstName: z.string(),
  ManagerLastName: z.string(),
  PhoneNumber: z.string(),
  Email: z.string(),
  CountryCode: z.string().describe("ISO 3166-1 alpha-2"),
  City: z.string(),
  Address: z.string(),
  UserName: z.string(),
};

const agencyRegistrationSchema = z.object({
  ...agencyFields,
  Password: z
    .string()
    .min(8)
    .describe("At least 8 characters, with a capital letter, a small letter and a digit"),
});
export type AgencyRegistration = z.infer<typeof agencyRegistrationSchema>;

const registerAgencyCall = defineCall({
  operation: "agency.registerAgency",
  summary: "An anonymous visitor asks for access: an agency and its first user, to be approved",
  method: "POST",
  path: "/api/AgencyClient",
  token: false,
  body: { model: "CreateAgencyDTO", json: agencyRegistrationSchema },
  answer: z.object({ AgencyId: z.number() }),
  status: 201,
});

/** POST /api/AgencyClient as CreateAgencyDTO: an anonymous visitor asks for access. */
export function registerAgency(ctx: ProviderContext, registration: AgencyRegistration) {
  return callProvider(ctx, registerAgencyCall, { json: registration });
}

const agencyInfoSchema = z.object({
  AgencyId: z.number(),
  ...agencyFields,
  EmailConfirmed: z.boolean(),
});
export type AgencyInfo = z.infer<typeof agencyInfoSchema>;

const agencyInfoCall = defineCall({
  operation: "agency.getAgencyInfo",
  summary: "The signed-in user's agency and account",
  path: "/api/AgencyClient",
  token: true,
  responseModel: "AgencyWithUserDTO",
  answer: agencyInfoSchema,
});

/** GET /api/AgencyClient as AgencyWithUserDTO: the signed-in user's agency and account. */
export function getAgencyInfo(ctx: ProviderContext) {
  return callProvider(ctx, agencyInfoCall);
}

const updateAgencyInfoCall = defineCall({
  operation: "agency.updateAgencyInfo",
  summary:
    "Saves the agency's info; a changed email is sent a confirmation and counts as unconfirmed",
  method: "PUT",
  path: "/api/AgencyClient",
  token: true,
  body: { model: "AgencyWithUserDTO", json: agencyInfoSchema },
  responseModel: "AgencyWithUserDTO",
  answer: agencyInfoSchema,
});

/** PUT /api/AgencyClient as AgencyWithUserDTO: saves the agency info; a changed email is sent a confirmation. */
export function updateAgencyInfo(ctx: ProviderContext, info: AgencyInfo) {
  return callProvider(ctx, updateAgencyInfoCall, { json: info });
}

export const agencyCalls = [registerAgencyCall, agencyInfoCall, updateAgencyInfoCall];
