import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../api/logout.ts';

type LogoutDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Logout needs confirmation (spec §4): Logout / Cancel. */
export function LogoutDialog({ open, onOpenChange }: LogoutDialogProps) {
  const navigate = useNavigate();
  const logout = useLogout();

  const confirm = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        onOpenChange(false);
        navigate(paths.home.getHref());
      },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Logout" description="Do you really want to log out?">
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="danger" loading={logout.isPending} onClick={confirm}>
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
}
