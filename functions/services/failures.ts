// The failures the rules raise, as the request edge tells them from bugs (handlers import services, not domain/).
export { AppError, isAppError } from '../domain/errors';
