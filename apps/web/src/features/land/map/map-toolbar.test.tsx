import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CoordinateSearch, MyLocationButton, StyleChoice } from './map-toolbar.tsx';

describe('CoordinateSearch', () => {
  it('flies to valid coordinates, latitude first', () => {
    const onGo = vi.fn();
    render(<CoordinateSearch onGo={onGo} />);
    fireEvent.change(screen.getByLabelText('Latitude, longitude'), { target: { value: '41.8902, 12.4922' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onGo).toHaveBeenCalledWith({ lat: 41.8902, lng: 12.4922 });
    expect(screen.getByLabelText('Latitude, longitude').hasAttribute('aria-invalid')).toBe(false);
  });

  it('says on the field what is wrong, and does not move', () => {
    const onGo = vi.fn();
    render(<CoordinateSearch onGo={onGo} />);
    const field = screen.getByLabelText('Latitude, longitude');
    fireEvent.change(field, { target: { value: '95, 2' } });
    fireEvent.submit(field.closest('form')!);
    expect(onGo).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain('Latitude must be between -90 and 90.');
  });
});

describe('MyLocationButton', () => {
  it('shows why the location is not available', async () => {
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 3 } as GeolocationPositionError) } });
    render(<MyLocationButton onGo={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'My location' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your location is not available: no position came within 10 s.');
    vi.unstubAllGlobals();
  });

  it('flies to the position the device gives', async () => {
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 1.5, longitude: 2.5 } } as GeolocationPosition) } });
    const onGo = vi.fn();
    render(<MyLocationButton onGo={onGo} />);
    fireEvent.click(screen.getByRole('button', { name: 'My location' }));
    await vi.waitFor(() => expect(onGo).toHaveBeenCalledWith({ lat: 1.5, lng: 2.5 }));
    vi.unstubAllGlobals();
  });
});

describe('StyleChoice', () => {
  it('offers Satellite off, with the reason, when no imagery is configured', () => {
    render(<StyleChoice value="street" onChange={vi.fn()} hasSatellite={false} />);
    const satellite = screen.getByRole('radio', { name: 'Satellite' });
    expect((satellite as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById(satellite.getAttribute('aria-describedby')!)?.textContent).toBe('Satellite imagery is not configured on this server.');
  });

  it('switches to Satellite when configured', () => {
    const onChange = vi.fn();
    render(<StyleChoice value="street" onChange={onChange} hasSatellite />);
    fireEvent.click(screen.getByRole('radio', { name: 'Satellite' }));
    expect(onChange).toHaveBeenCalledWith('satellite');
    expect(screen.queryByText('Satellite imagery is not configured on this server.')).toBeNull();
  });
});
