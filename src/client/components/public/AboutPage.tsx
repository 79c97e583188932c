import { ABOUT, CLUB_NUMBERS, fillContent } from '../../../shared/content/site';
import { PageHead } from './PageHead';
import { PublicLayout } from './PublicLayout';
import { contentVars, usePublicSettings } from './settings';
import { BackHomeLink } from '../ui/BackHomeLink';

export function AboutPage() {
  const vars = contentVars(usePublicSettings());
  return (
    <PublicLayout title={ABOUT.title}>
      <PageHead eyebrow="A confraria" title={ABOUT.title}>
        <p>{ABOUT.intro}</p>
      </PageHead>

      <section className="pub-section" aria-labelledby="historia">
        <div className="pub-container pub-split">
          <div>
            <h2 id="historia">{ABOUT.historyTitle}</h2>
            {ABOUT.history.map((text) => (
              <p key={text}>{fillContent(text, vars)}</p>
            ))}
          </div>
          <div className="mission">
            <h2>{ABOUT.missionTitle}</h2>
            <p>{ABOUT.mission}</p>
          </div>
        </div>
      </section>

      <section className="pub-section pub-section--soft" aria-labelledby="valores">
        <div className="pub-container">
          <h2 id="valores">{ABOUT.valuesTitle}</h2>
          <ul className="benefits benefits--four">
            {ABOUT.values.map((value) => (
              <li key={value.title} className="benefit">
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pub-section pub-section--ink" aria-labelledby="fundador">
        <div className="pub-container pub-split">
          <div>
            <h2 id="fundador">{ABOUT.founderTitle}</h2>
            <p>{ABOUT.founderText}</p>
          </div>
          <div>
            <h2 className="stats__title">{ABOUT.numbersTitle}</h2>
            <dl className="stats stats--two">
              <div>
                <dt>vinhos avaliados</dt>
                <dd>{CLUB_NUMBERS.about.winesRated}</dd>
              </div>
              <div>
                <dt>países</dt>
                <dd>{CLUB_NUMBERS.about.countries}</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>

      <div className="pub-container pub-back">
        <BackHomeLink />
      </div>
    </PublicLayout>
  );
}
