import type { LandPlot } from '@starport/schemas';
import { analyseLand } from '../model/land-analysis.ts';
import { countryName, formatArea, formatValuation, plotsCount } from '../model/plot-labels.ts';

/** A collection's land analysis (owned-assets.md §2.5), counted from its plots rather than fixed words. */
export function LandAnalysisPanel({ plots }: { plots: readonly LandPlot[] }) {
  const analysis = analyseLand(plots);
  return (
    <section aria-labelledby="land-analysis-heading">
      <h2 id="land-analysis-heading">Land analysis</h2>
      <dl className="land-analysis" data-testid="land-analysis">
        <div>
          <dt>Plots</dt>
          <dd data-testid="analysis-plots">{analysis.plots}</dd>
        </div>
        <div>
          <dt>Total area</dt>
          <dd data-testid="analysis-area">{formatArea(analysis.areaKm2)}</dd>
        </div>
        <div>
          <dt>Total valuation</dt>
          <dd data-testid="analysis-valuation">{formatValuation(analysis.valuation)}</dd>
        </div>
        <div>
          <dt>Countries</dt>
          <dd>
            {analysis.countries.length === 0 ? (
              'None yet'
            ) : (
              <ul className="land-analysis__countries" data-testid="analysis-countries">
                {analysis.countries.map((share) => (
                  <li key={share.code ?? 'sea'}>
                    {countryName(share.code)}: {plotsCount(share.plots)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
