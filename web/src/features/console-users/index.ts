/** What other features use of console-users; anything else in this folder is its own. */
export { userInfoKey, useUserInfo } from './api/get-user-info.ts';
