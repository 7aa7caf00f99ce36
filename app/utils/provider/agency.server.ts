import { z } from "zod";
import { providerRequest, type ProviderContext } from "./request.server";

export type AgencyRegistration = {
  AgencyName: string;
  ManagerFirstName: string;
  ManagerLastName: string;
  PhoneNumber: string;
  Email: string;
  CountryCode: string;
  City: string;
  Address: string;
  UserName: string;
  Password: string;
};

const createdAgencySchema = z.object({ AgencyId: z.number() });

/** POST /api/AgencyClient as CreateAgencyDTO: an anonymous visitor asks for access. */
export function registerAgency(ctx: ProviderContext, registration: AgencyRegistration) {
  return providerRequest(
    ctx,
    {
      operation: "agency.registerAgency",
      method: "POST",
      path: "/api/AgencyClient",
      bodyModel: "CreateAgencyDTO",
      json: registration,
    },
    createdAgencySchema,
  );
}

const agencyInfoSchema = z.object({
  AgencyId: z.number(),
  AgencyName: z.string(),
  ManagerFirstName: z.string(),
  ManagerLastName: z.string(),
  PhoneNumber: z.string(),
  Email: z.string(),
  EmailConfirmed: z.boolean(),
  CountryCode: z.string(),
  City: z.string(),
  Address: z.string(),
  UserName: z.string(),
});
export type AgencyInfo = z.infer<typeof agencyInfoSchema>;

/** GET /api/AgencyClient as AgencyWithUserDTO: the signed-in user's agency and account. */
export function getAgencyInfo(ctx: ProviderContext) {
  return providerRequest(
    ctx,
    {
      operation: "agency.getAgencyInfo",
      path: "/api/AgencyClient",
      responseModel: "AgencyWithUserDTO",
    },
    agencyInfoSchema,
  );
}

/** PUT /api/AgencyClient as AgencyWithUserDTO: saves the agency info; a changed email is sent a confirmation. */
export function updateAgencyInfo(ctx: ProviderContext, info: AgencyInfo) {
  return providerRequest(
    ctx,
    {
      operation: "agency.updateAgencyInfo",
      method: "PUT",
      path: "/api/AgencyClient",
      responseModel: "AgencyWithUserDTO",
      bodyModel: "AgencyWithUserDTO",
      json: info,
    },
    agencyInfoSchema,
  );
}
