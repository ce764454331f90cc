import { Navigate } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { Alert, AlertTitle } from '@mui/material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { SignInForm } from '@/common/SignInForm';
import { getStaffToken } from '@/it-admin/staffSession';
import { STAFF_HOME } from '@/it-admin/staffProviders';
import { loginErrorText, TEXT } from '@/it-admin/itAdminUtils';

/** /it-admin/login: platform staff only (spec 3 §2.12), with the 'Restricted Access' notice. */
export function ItAdminLogin() {
  const login = useLogin();
  if (getStaffToken()) return <Navigate to={STAFF_HOME} replace />;
  return (
    <SignInForm
      icon={<AdminPanelSettingsOutlinedIcon />}
      iconColor="grey.900"
      title="IT Admin Portal"
      subtitle="Platform staff sign-in"
      background="grey.100"
      maxWidth={440}
      identifier={{ label: 'Username', autoComplete: 'username' }}
      missingMessage="Please enter both username and password"
      errorText={loginErrorText}
      signIn={(username, password) => login({ username, password })}
      notice={
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{TEXT.restricted}</AlertTitle>
          This portal is for Classlane platform staff only. Every action is recorded in the audit log.
        </Alert>
      }
    />
  );
}
