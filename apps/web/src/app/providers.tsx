import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toast.tsx';
import { SessionSync } from '../features/accounts/components/session-sync.tsx';
import { seedFirstData, type FirstData } from './first-data.ts';
import { createQueryClient } from './query-client.ts';

export function AppProviders({ children, firstData }: { children: ReactNode; firstData?: FirstData }) {
  // One client per mounted app (tests mount many), holding what the server wrote into the page.
  const [queryClient] = useState(() => seedFirstData(createQueryClient(), firstData));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
