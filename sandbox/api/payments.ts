import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { http, HttpResponse } from "msw";
import { z } from "zod";
import { sniffReceiptType } from "~/utils/money/receipt";
import { providerToday } from "../clock";
import type { Payment, SandboxState } from "../model";
import {
  convert,
  fail,
  pageOf,
  parseBody,
  requireAcceptModel,
  requireBodyModel,
  requireUser,
  type SandboxContext,
} from "./common";
import { ownOrder } from "./orders";

/** Payments (receipt and cash), receipt uploads and the receipt payment types. */

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

function paymentView(state: SandboxState, payment: Payment) {
  const order = state.orders.find((entry) => entry.id === payment.orderId);
  return {
    Id: payment.id,
    PaymentType: payment.paymentType,
    SourceAmount: payment.sourceAmount,
    SourceCurrency: payment.sourceCurrency,
    Amount: payment.amount,
    ConvertedCurrency: payment.convertedCurrency,
    OrderId: payment.orderId,
    ContractNumber: order?.contractNumber ?? "",
    CreateDate: payment.createDate,
    PaymentDateTime: payment.paymentDateTime,
    PayerName: payment.payerName,
    PayeeName: payment.payeeName,
    ReceiptNumber: payment.receiptNumber,
    ReceiptPaymentType:
      state.receiptPaymentTypes.find((entry) => entry.id === payment.receiptPaymentTypeId)?.title ??
      null,
    BankName: state.banks.find((entry) => entry.id === payment.bankId)?.name ?? null,
    State: payment.state,
    StateLocalizationKey: payment.state,
    FileName: payment.fileName,
  };
}

const receiptSchema = z.object({
  OrderId: z.number().int(),
  ReceiptNumber: z.string().trim().min(1).max(40),
  PaymentDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/),
  ReceiptPaymentType: z.number().int(),
  SendersName: z.string().trim().min(1).max(100),
  File: z.string().min(1),
  SourceAmount: z.number().positive().max(1e13),
  Description: z.string().max(1000).default(""),
  SourceCurrencyId: z.number().int(),
  BankId: z.number().int().nullable().optional(),
});

export function paymentHandlers(ctx: SandboxContext) {
  const { store, base } = ctx;
  return [
    http.get(`${base}/api/PaymentClient`, ({ request }) => {
      const { agency } = requireUser(ctx, request);
      const query = new URL(request.url).searchParams;
      const { state } = store;
      const own = state.payments.filter((payment) =>
        state.orders.some((order) => order.id === payment.orderId && order.agencyId === agency.id),
      );
      const newestFirst = (a: Payment, b: Payment) =>
        b.createDate.localeCompare(a.createDate) || b.id - a.id;
      const orderId = query.get("orderId");
      if (orderId) {
        requireAcceptModel(request, "OrderPayments");
        const order = ownOrder(ctx, agency.id, orderId);
        return HttpResponse.json(
          own
            .filter((payment) => payment.orderId === order.id)
            .sort(newestFirst)
            .map((payment) => paymentView(state, payment)),
        );
      }
      requireAcceptModel(request, "PaymentList");
      const type = query.get("PaymentType");
      if (type && !["Receipt", "Cash", "Online"].includes(type))
        fail(400, "PaymentType must be Receipt, Cash or Online.");
      const rows = own.filter((payment) => !type || payment.paymentType === type).sort(newestFirst);
      return HttpResponse.json({
        Items: pageOf(query)(rows).map((payment) => paymentView(state, payment)),
        TotalCount: rows.length,
      });
    }),

    http.post(`${base}/api/PaymentClient`, async ({ request }) => {
      const { user, agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      requireBodyModel(request, "ReceiptPayment");
      const body = await parseBody(request, receiptSchema);
      const { state } = store;
      const order = ownOrder(ctx, agency.id, String(body.OrderId));
      const upload = state.uploads.find(
        (entry) => entry.name === body.File && entry.userName === user.userName,
      );
      if (!upload) fail(400, "The receipt file was not uploaded.");
      const currency = state.currencies.find((entry) => entry.id === body.SourceCurrencyId);
      if (!currency) fail(400, "Unknown currency.");
      if (!state.receiptPaymentTypes.some((entry) => entry.id === body.ReceiptPaymentType))
        fail(400, "Unknown receipt payment type.");
      if (body.BankId && !state.banks.some((entry) => entry.id === body.BankId))
        fail(400, "Unknown bank.");
      if (
        state.payments.some(
          (payment) =>
            payment.orderId === order.id &&
            payment.paymentType === "Receipt" &&
            payment.state === "New",
        )
      )
        fail(400, "Contract has an unverified payment");
      const payment: Payment = {
        id: store.nextId(),
        orderId: order.id,
        paymentType: "Receipt",
        sourceAmount: body.SourceAmount,
        sourceCurrency: currency!.code,
        amount: convert(body.SourceAmount, currency!.code, order.currency),
        convertedCurrency: order.currency,
        createDate: providerToday(),
        paymentDateTime:
          body.PaymentDateTime.length === 16 ? `${body.PaymentDateTime}:00` : body.PaymentDateTime,
        payerName: body.SendersName,
        payeeName: "Provider Co.",
        receiptNumber: body.ReceiptNumber,
        receiptPaymentTypeId: body.ReceiptPaymentType,
        bankId: body.BankId ?? null,
        fileName: body.File,
        description: body.Description,
        state: "New",
      };
      state.payments.push(payment);
      store.save();
      return HttpResponse.json({ Id: payment.id }, { status: 201 });
    }),

    http.post(`${base}/api/UploadPublicFiles`, async ({ request }) => {
      const { user } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? ""))
        fail(400, "Send the file as multipart/form-data.");
      const length = Number(request.headers.get("Content-Length") ?? 0);
      if (length > MAX_UPLOAD_BYTES + 64 * 1024) fail(413, "The file is larger than 5 MB.");
      const form = await request.formData().catch(() => null);
      const file = form?.get("file");
      if (!(file instanceof File)) return fail(400, "Send the file in the field named file.");
      if (file.size > MAX_UPLOAD_BYTES) fail(413, "The file is larger than 5 MB.");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = sniffReceiptType(bytes);
      if (!kind) fail(400, "Only JPEG, PNG and PDF files are accepted.");
      // A name nobody can guess: receipts are never public files (docs/provider-api.md).
      const name = `receipt-${randomUUID()}.${kind!.ext}`;
      mkdirSync(store.filesDir, { recursive: true });
      writeFileSync(join(store.filesDir, name), bytes);
      store.state.uploads.push({
        name,
        userName: user.userName,
        contentType: kind!.type,
        size: bytes.length,
        originalName: file.name,
      });
      store.save();
      return HttpResponse.json([name], { status: 201 });
    }),

    // A receipt file, to the agency that uploaded it only, with its token.
    http.get(`${base}/api/UploadPublicFiles/:fileName`, ({ request, params }) => {
      const { agency } = requireUser(ctx, request);
      requireAcceptModel(request, null);
      const uploaded = uploadedFile(ctx, String(params.fileName));
      const uploader = store.state.users.find(
        (entry) => entry.userName === uploaded?.upload.userName,
      );
      // Another agency's receipt is answered as no receipt at all: its name tells nothing.
      if (!uploaded || uploader?.agencyId !== agency.id) return fail(404, "No such file.");
      return new HttpResponse(uploaded.bytes, {
        headers: {
          "Content-Type": uploaded.upload.contentType,
          "Cache-Control": "private, no-store",
        },
      });
    }),

    http.get(`${base}/api/ReceiptPaymentTypeClient/`, ({ request }) => {
      requireUser(ctx, request);
      requireAcceptModel(request, null);
      return HttpResponse.json(
        store.state.receiptPaymentTypes.map(({ id, title }) => ({ Id: id, Title: title })),
      );
    }),
  ];
}

/** An uploaded file's bytes and type; null when there is none. */
function uploadedFile(ctx: SandboxContext, name: string) {
  const upload = ctx.store.state.uploads.find((entry) => entry.name === name);
  if (!upload) return null;
  try {
    return { upload, bytes: readFileSync(join(ctx.store.filesDir, name)) };
  } catch {
    return null;
  }
}
