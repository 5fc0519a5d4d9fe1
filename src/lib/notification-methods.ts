/** The notification methods a shopper may choose, with the names the pages show, in the order My Details offers them. */
export const NOTIFICATION_METHODS = [
  ['sms', 'SMS'],
  ['email', 'E-mail'],
  ['whatsapp', 'WhatsApp'],
] as const;

/** A notification method the service accepts. */
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number][0];

/** The method's name as the pages show it, or undefined for a method the client does not know. */
export function notificationLabel(method: string | undefined): string | undefined {
  return NOTIFICATION_METHODS.find(([value]) => value === method)?.[1];
}

/** True for a method the service accepts. */
export function isNotificationMethod(method: unknown): method is NotificationMethod {
  return NOTIFICATION_METHODS.some(([value]) => value === method);
}
