/** The source every OpenPie domain event carries on the EventBridge bus. */
export const eventSource = 'openpie';
