/** An order id as an address or a link writes it (1 to 12 digits, not 0); undefined for anything else. */
export function parseOrderId(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,12}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}
