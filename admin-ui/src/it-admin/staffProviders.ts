/**
 * The IT-admin portal's own react-admin providers. Its session is the staff session (staffSession.ts), never the
 * organization's; its calls are the staff API's (staffApi.ts), as custom data provider methods so the screens read
 * them through react-admin's query cache and `useRefresh()` reloads them all.
 */
import { useDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { staffApi } from '@/it-admin/staffApi';
import { clearStaffSession, getStaffToken, getStaffUsername, storeStaffSession } from '@/it-admin/staffSession';

export const STAFF_HOME = '/it-admin/dashboard';

export const staffAuthProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const session = await staffApi.signIn(username, password);
    storeStaffSession(session.token, session.username);
    return { redirectTo: STAFF_HOME };
  },
  async logout() {
    // The token is revoked on the server when it can be; the staff session ends here either way.
    if (getStaffToken()) await staffApi.signOut().catch(() => undefined);
    clearStaffSession();
  },
  async checkAuth() {
    if (!getStaffToken()) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearStaffSession();
      throw { message: false };
    }
  },
  async getIdentity() {
    const username = getStaffUsername() ?? 'staff';
    return { id: username, fullName: username };
  },
};

const unsupported = () => Promise.reject(new Error('The IT-admin portal reads and writes through its named methods'));

export function createStaffDataProvider() {
  const base: DataProvider = {
    getList: unsupported,
    getOne: unsupported,
    getMany: unsupported,
    getManyReference: unsupported,
    create: unsupported,
    update: unsupported,
    updateMany: unsupported,
    delete: unsupported,
    deleteMany: unsupported,
  };
  return {
    ...base,
    organizations: staffApi.organizations,
    organization: staffApi.organization,
    studentPayments: staffApi.studentPayments,
    outboundLimits: staffApi.outboundLimits,
    saveOutboundLimits: staffApi.saveOutboundLimits,
    resetStudentPayments: staffApi.resetStudentPayments,
    resetSubscription: staffApi.resetSubscription,
    deleteOrganization: staffApi.deleteOrganization,
    bulkDelete: staffApi.bulkDelete,
    systemInfo: staffApi.systemInfo,
    auditLog: staffApi.auditLog,
  };
}

export type StaffDataProvider = ReturnType<typeof createStaffDataProvider>;
export const staffDataProvider = createStaffDataProvider();
export const useStaffDataProvider = () => useDataProvider<StaffDataProvider>();
