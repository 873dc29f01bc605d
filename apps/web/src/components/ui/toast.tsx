import { create } from 'zustand';
import './toast.css';

type Tone = 'info' | 'success' | 'error';
type ToastItem = { id: number; msg: string; title?: string; tone: Tone };

type ToastState = {
  items: ToastItem[];
  push: (item: Omit<ToastItem, 'id'>) => void;
  dismiss: (id: number) => void;
};

let nextId = 1;
const DURATION_MS = 6000;

const useToastStore = create<ToastState>()((set, get) => ({
  items: [],
  push: (item) => {
    const id = nextId++;
    set({ items: [...get().items, { ...item, id }] });
    setTimeout(() => get().dismiss(id), DURATION_MS);
  },
  dismiss: (id) => set({ items: get().items.filter((t) => t.id !== id) }),
}));

/** Shows a short message in the corner; callable from anywhere, including non-React code. */
export const toast = (msg: string, options: { title?: string; tone?: Tone } = {}): void =>
  useToastStore.getState().push({ msg, title: options.title, tone: options.tone ?? 'info' });

export function Toaster() {
  const items = useToastStore((s) => s.items);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toaster" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast--${item.tone}`} role="status">
          <div>
            {item.title && <p className="toast__title">{item.title}</p>}
            <p className="toast__msg">{item.msg}</p>
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss message" onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
